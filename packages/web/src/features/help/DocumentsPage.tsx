import { Anchor, Card, Stack, Text, Title } from "@mantine/core";
import { EVALUATOR_DOCUMENTS, helpRoutes } from "@parlance/contract";
import { hrefOf } from "../../api/client";
import { useTranslation } from "../../i18n";
import { useStartup } from "../../ui/startup";
import { PageHeader } from "../../ui/PageHeader";

/** /help/documents: the evaluator documents (spec §2, §6: evaluators and testing executives), each a PDF in the reader's language. */
export default function DocumentsPage() {
  const { t } = useTranslation();
  const { language } = useStartup();
  return (
    <>
      <PageHeader title={t("help.documents.title")} breadcrumbs={[{ label: t("nav.home"), to: "/" }, { label: t("help.title"), to: "/help/" }]} />
      <Stack gap="md" maw={760}>
        <Text>{t("help.documents.intro")}</Text>
        {EVALUATOR_DOCUMENTS.map((d) => (
          <Card key={d.file} withBorder padding="md">
            <Title order={2} size="h4" mb={4}>
              <Anchor href={`${hrefOf(helpRoutes.evaluatorDocument, { file: d.file })}?lang=${language}`} target="_blank" rel="noopener">
                {t(`help.documents.names.${d.key}`)}
              </Anchor>
            </Title>
            <Text size="sm" c="gray.7">
              {t(`help.documents.texts.${d.key}`)} {t("help.documents.pdf")}
            </Text>
          </Card>
        ))}
      </Stack>
    </>
  );
}
