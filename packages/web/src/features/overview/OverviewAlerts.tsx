import { Anchor, Card, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import type { OverviewEvent } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { formatDate, formatMoney } from "../../i18n/format";
import { RemoteData } from "../../ui/RemoteData";
import { StatusTag } from "../../ui/StatusTag";
import { useStartup } from "../../ui/startup";
import { useOverviewEvents } from "./queries";

const TONE = { scoring_overdue: "bad", payment_due: "note", test_expiring: "note", result_received: "good" } as const;

/** Recent activity and alerts of the caller's scope (GET /api/overview/events), each with where to act on it. */
export function OverviewAlerts() {
  const { t } = useTranslation();
  const { language } = useStartup();
  const query = useOverviewEvents();
  const text = (e: OverviewEvent) =>
    t(`overview.events.${e.type}${e.type === "payment_due" && e.test === null ? "Invoice" : ""}`, {
      subject: e.subject,
      test: e.test ?? "",
      amount: formatMoney(e.amount_cents ?? 0, language),
      defaultValue: e.description,
    });
  return (
    <RemoteData
      query={query}
      errorTitle={t("overview.eventsFailure")}
      isEmpty={(d) => d.events.length === 0}
      empty={
        <Card withBorder padding="md">
          <Text c="gray.7">{t("overview.noAlerts")}</Text>
        </Card>
      }
    >
      {(data) => (
        <Stack component="ul" gap="xs" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {data.events.map((e, i) => (
            <Card key={`${e.type}-${e.created_at}-${i}`} withBorder padding="sm" component="li">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <StatusTag tone={TONE[e.type]}>{t(`overview.eventTypes.${e.type}`)}</StatusTag>
                <Text size="xs" c="gray.7">
                  {formatDate(e.created_at, language)}
                </Text>
              </Group>
              <Text size="sm" mt={4}>
                {e.link ? (
                  <Anchor component={Link} to={e.link} inherit>
                    {text(e)}
                  </Anchor>
                ) : (
                  text(e)
                )}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </RemoteData>
  );
}
