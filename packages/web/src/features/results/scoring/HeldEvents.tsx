import { Alert, Table, Text } from "@mantine/core";
import { DELIVERY_GRACE_SECONDS, type ScoreableContent } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { formatDateTime } from "../../../i18n/format";
import { useStartup } from "../../../ui/startup";

/**
 * Answer changes a sealed answers file brought that were made after the deadline and its grace
 * (issue 27): shown to the evaluator "after the deadline, held for review", apart from the answers
 * scored, never counted and never silently dropped.
 */
export function HeldEvents({ events, lang }: { events: NonNullable<ScoreableContent["held_events"]>; lang: string }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  if (events.length === 0) return null;
  return (
    <Alert component="section" color="orange" variant="light" aria-labelledby="held-events-title" data-testid="held-events">
      <Text fw={700} id="held-events-title" mb={4}>
        {t("taking.delivery.held.title")}
      </Text>
      <Text size="sm" mb="sm">
        {t("taking.delivery.held.lead", { grace: DELIVERY_GRACE_SECONDS })}
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("taking.delivery.held.item")}</Table.Th>
              <Table.Th scope="col">{t("taking.delivery.held.response")}</Table.Th>
              <Table.Th scope="col">{t("taking.delivery.held.at")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.map((e, i) => (
              <Table.Tr key={i}>
                <Table.Td>{e.item_id}</Table.Td>
                <Table.Td lang={lang} style={{ whiteSpace: "pre-wrap" }}>
                  {e.response}
                </Table.Td>
                <Table.Td>{formatDateTime(e.client_at, language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Alert>
  );
}
