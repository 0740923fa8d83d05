import { List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ContentFileMessage, ContentReport } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { StatusTag } from "../../../ui/StatusTag";

/** A message of the importer or ours, in the reader's language where we have it (the importer's own stay as it writes them). */
export function useMessageText() {
  const { t } = useTranslation();
  return (m: ContentFileMessage) => (m.messageKey ? t(m.messageKey, { ...m.messageValues, defaultValue: m.message }) : m.message);
}

/** Errors first, then warnings, each with its word (never colour alone). */
export function MessageList({ messages, label }: { messages: ContentFileMessage[]; label: string }) {
  const { t } = useTranslation();
  const text = useMessageText();
  if (messages.length === 0) return null;
  const ordered = [...messages.filter((m) => m.level === "error"), ...messages.filter((m) => m.level === "warning")];
  return (
    <List spacing={6} listStyleType="none" ml={0} pl={0} aria-label={label}>
      {ordered.map((m, i) => (
        <List.Item key={i}>
          <StatusTag tone={m.level === "error" ? "bad" : "note"}>{t(m.level === "error" ? "boContent.error" : "boContent.warning")}</StatusTag>{" "}
          <Text span size="sm" style={{ overflowWrap: "anywhere" }}>
            {text(m)}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** What the importer found in the uploaded file: the summary of its content and its messages. */
export function ReportView({ report }: { report: ContentReport }) {
  const { t } = useTranslation();
  const s = report.summary;
  return (
    <Paper withBorder p="md" radius="md" bg={report.ok ? undefined : "red.0"}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {report.ok ? t("boContent.report.ok", { file: report.file }) : t("boContent.report.refused", { file: report.file })}
        </Title>
        {s && (
          <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="sm" m={0}>
            {(
              [
                ["description", s.description],
                ["sections", s.sections],
                ["questions", s.questions],
                ["media", s.media],
              ] as const
            ).map(([key, value]) => (
              <div key={key}>
                <Text component="dt" size="xs" c="gray.7">
                  {t(`boContent.summary.${key}`)}
                </Text>
                <Text component="dd" m={0} size="sm" fw={500}>
                  {value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        )}
        {s?.interactions && (
          <Text size="sm">
            {t("boContent.summary.interactions")}:{" "}
            {Object.entries(s.interactions)
              .filter(([, n]) => n > 0)
              .map(([kind, n]) => `${t(`boContent.interactionKinds.${kind}`)} ${n}`)
              .join(", ") || "—"}
          </Text>
        )}
        <MessageList messages={report.messages} label={t("boContent.report.messages")} />
      </Stack>
    </Paper>
  );
}
