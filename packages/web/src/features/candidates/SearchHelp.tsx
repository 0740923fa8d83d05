import { ActionIcon, Code, Popover, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { SEARCH_KEYWORDS } from "@parlance/contract";

/** Example queries (the language itself is not translated) and the key of what each finds. */
const EXAMPLES = [
  { query: "smith office:Boston", key: "one" },
  { query: 'last:"de la cruz" method:live expired:no', key: "two" },
  { query: "test:reading start_date:>=2026-01-01 sort:-date", key: "three" },
] as const;

/** The "?" beside the search query: every keyword of spec §5 with what it matches, and examples. */
export function SearchHelp() {
  const { t } = useTranslation();
  return (
    <Popover width={420} position="bottom-end" withArrow shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <ActionIcon variant="light" size="lg" aria-label={t("candidates.search.help")} title={t("candidates.search.help")}>
          <span aria-hidden="true" style={{ fontWeight: 700 }}>
            ?
          </span>
        </ActionIcon>
      </Popover.Target>
      {/* The dialog scrolls itself and takes the focus, so the keyboard can scroll it too. */}
      <Popover.Dropdown maw="calc(100vw - 32px)" mah="min(460px, 70vh)" style={{ overflowY: "auto" }} tabIndex={0} role="dialog" aria-labelledby="candidate-search-help">
        <Stack gap="xs">
          <Title order={2} fz="md" id="candidate-search-help">
            {t("candidates.search.helpTitle")}
          </Title>
          <Text size="sm">{t("candidates.search.helpIntro")}</Text>
          <Title order={3} fz="sm">
            {t("candidates.search.helpKeywords")}
          </Title>
          <Table fz="sm" verticalSpacing={4} withRowBorders={false}>
            <Table.Tbody>
              {SEARCH_KEYWORDS.map((k) => (
                <Table.Tr key={k}>
                  <Table.Th scope="row" fw={400} style={{ whiteSpace: "nowrap", verticalAlign: "top" }}>
                    <Code>{k}:</Code>
                  </Table.Th>
                  <Table.Td>{t(`candidates.search.keywords.${k}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="sm">{t("candidates.search.helpDates")}</Text>
          <Title order={3} fz="sm">
            {t("candidates.search.helpExamples")}
          </Title>
          {EXAMPLES.map((e) => (
            <Stack key={e.key} gap={0}>
              <Code>{e.query}</Code>
              <Text size="sm" c="gray.7">
                {t(`candidates.search.examples.${e.key}`)}
              </Text>
            </Stack>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
