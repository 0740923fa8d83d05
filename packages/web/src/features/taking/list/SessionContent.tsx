import { Alert, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { type ItemView, type TestContentView } from "@parlance/contract";
import { useSessionSections } from "./queries";

/**
 * What the candidate reads during a live or video session: every section of the started test,
 * read through get_section. These tests take no typed answers (the interpreter conducts them),
 * so the items are shown as text.
 */
export function SessionContent({ content }: { content: TestContentView }) {
  const { t } = useTranslation();
  const sections = useSessionSections(content);

  if (sections.some((q) => q.isError)) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t("takeTest.live.contentFailure")}
      </Alert>
    );
  }
  return (
    <Stack gap="md" dir={content.right_to_left ? "rtl" : undefined} style={{ lineHeight: content.line_height ?? undefined, fontSize: content.font_size ?? undefined }}>
      {sections.map((q, i) =>
        q.data ? (
          <Paper key={i} withBorder p={{ base: "md", sm: "lg" }} radius="md" component="section" aria-labelledby={`session-section-${i}`}>
            <Title order={2} fz="lg" mb="sm" id={`session-section-${i}`}>
              {q.data.title ?? t("takeTest.live.part", { n: i + 1 })}
            </Title>
            <Stack gap="sm">
              {q.data.items.map((item) => (
                <SessionItem key={item.id} item={item} />
              ))}
            </Stack>
          </Paper>
        ) : (
          <Stack key={i} role="status" gap="xs">
            <VisuallyHidden>{t("ui.loading")}</VisuallyHidden>
            <Skeleton height={120} radius="md" />
          </Stack>
        ),
      )}
    </Stack>
  );
}

function SessionItem({ item }: { item: ItemView }) {
  if (item.heading_text) {
    return (
      <Title order={3} fz="md">
        {item.heading_text}
      </Title>
    );
  }
  if (!item.item_text) return null;
  // Blank lines separate paragraphs (content/README.md); single line breaks are kept.
  return (
    <Stack gap="xs" dir={item.override_rtl ? "ltr" : undefined}>
      {item.item_text.split(/\n\s*\n/).map((p, i) => (
        <Text key={i} style={{ whiteSpace: "pre-line", fontSize: "inherit" }}>
          {p}
        </Text>
      ))}
    </Stack>
  );
}
