import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { Link } from "react-router";
import type { TestListEntry } from "@parlance/contract";
import { useStartup } from "../../../ui/startup";
import { formatDate, formatDateTime, formatList } from "../../../i18n/format";
import { useMethodLabel } from "../../../ui/testStatus";
import { useReachable } from "../../../ui/reachable";

export type ListKind = "takable" | "upcoming" | "schedulable" | "purchasable" | "missed";

/** What the entry's button says, by list and state. */
function actionKey(kind: ListKind, entry: TestListEntry): string {
  if (entry.assignedTestIds.length > 1) return "takeTest.entry.choose";
  if (kind === "purchasable") return "takeTest.entry.purchase";
  if (entry.inProgress) return "takeTest.entry.resume";
  if (kind === "upcoming") return entry.startsNow ? "takeTest.entry.startNow" : "takeTest.entry.details";
  if (kind === "schedulable") return "takeTest.entry.schedule";
  return "takeTest.entry.take";
}

/**
 * One test of the Take a Test list: its description, method label, time of test, and where it
 * leads. `showList` adds which list it is on (the variant grouped by kind of test has no list headings).
 */
export function TestEntryCard({ entry, kind, showList = false }: { entry: TestListEntry; kind: ListKind; showList?: boolean }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const methodLabel = useMethodLabel();
  const reachable = useReachable();
  const link = entry.href && reachable(entry.href) ? entry.href : null;
  const names = formatList(entry.accountNames, language);
  const titleId = `test-entry-${kind}-${entry.assignedTestId}`;

  const note =
    kind === "purchasable" && !link
      ? t("takeTest.entry.paymentRequired")
      : kind === "schedulable"
        ? // A link means the candidate books it; without one their organisation does.
          t(link ? "takeTest.entry.schedulingYours" : "takeTest.entry.schedulingRequired")
        : kind === "missed"
          ? t("takeTest.entry.missed")
          : entry.assignedTestIds.length > 1
            ? t("takeTest.entry.severalEmployers")
            : null;

  return (
    <Paper component="li" withBorder p="md" radius="md" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Title order={3} fz="md" id={titleId} style={{ overflowWrap: "anywhere" }}>
            {entry.testDescription}
          </Title>
          <Group gap={6}>
            {showList && (
              <Badge variant="outline" color="gray" c="gray.9">
                {t(`takeTest.listBadge.${kind}`)}
              </Badge>
            )}
            <Badge variant="light" color="gray" c="gray.9">
              {methodLabel(entry.testMethod)}
            </Badge>
            {entry.inProgress && (
              <Badge variant="filled" color="blue.8">
                {t("takeTest.entry.inProgress")}
              </Badge>
            )}
            {entry.startsNow && !entry.inProgress && (
              <Badge variant="filled" color="green.9">
                {t("takeTest.entry.startsNowBadge")}
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm">
          <Text span fw={600}>
            {t("takeTest.entry.timeOfTest")}:{" "}
          </Text>
          {entry.testAt
            ? t("takeTest.entry.at", { time: formatDateTime(entry.testAt, language), minutes: entry.durationMinutes })
            : kind === "missed"
              ? t("takeTest.entry.expiredOn", { date: formatDate(entry.expiresAt, language) })
              : // A test waiting for its appointment or sitting is not taken "any time".
                kind === "schedulable"
                ? t("takeTest.entry.toBeScheduled", { date: formatDateTime(entry.expiresAt, language) })
                : t("takeTest.entry.anyTime", { date: formatDateTime(entry.expiresAt, language) })}
        </Text>
        {entry.timeLimitMinutes !== null && (
          <Text size="sm">
            <Text span fw={600}>
              {t("takeTest.entry.timeLimit")}:{" "}
            </Text>
            {t("takeTest.entry.minutes", { minutes: entry.timeLimitMinutes })}
          </Text>
        )}
        <Text size="sm">
          <Text span fw={600}>
            {t("takeTest.entry.assignedBy")}:{" "}
          </Text>
          {names}
          {entry.assignedTestIds.length === 1 && entry.officeName ? ` (${entry.officeName})` : ""}
        </Text>
        {note && (
          <Text size="sm" c="gray.8">
            {note}
          </Text>
        )}
        {link && (
          <Group mt={4}>
            <Button component={Link} to={link} size="sm" aria-describedby={titleId}>
              {t(actionKey(kind, entry))}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
