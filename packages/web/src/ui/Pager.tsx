import { Group, Pagination, Text } from "@mantine/core";
import type { Language } from "@parlance/contract";
import { useTranslation, type TFunction } from "../i18n";
import { formatNumber } from "../i18n/format";

interface PagerProps {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  /** Names the navigation, e.g. "Offices pages". */
  label?: string;
  /** pageCount counts only the pages known to exist (a search that stopped counting): "Page 3 of at least 51". */
  atLeast?: boolean;
}

/** The line beside the pages: "Page 3 of 12", or when more may follow, "Page 3 of at least 51". */
export function pagerSummary(t: TFunction, language: Language, page: number, pageCount: number, atLeast = false): string {
  return atLeast ? t("ui.pager.summaryAtLeast", { page, pageCount: formatNumber(pageCount, language) }) : t("ui.pager.summary", { page, pageCount });
}

/** Page navigation under a list; not shown at all when there is only one page (spec §9). */
export function Pager({ page, pageCount, onChange, label, atLeast }: PagerProps) {
  const { t, i18n } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <Group component="nav" aria-label={label ?? t("ui.pager.label")} justify="space-between" mt="md" gap="sm">
      <Text size="sm" c="gray.7">
        {pagerSummary(t, i18n.language, page, pageCount, atLeast)}
      </Text>
      <Pagination
        total={pageCount}
        value={page}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        size="sm"
        getItemProps={(p) => ({ "aria-label": t("ui.pager.page", { page: p }), "aria-current": p === page ? "page" : undefined })}
        getControlProps={(control) => ({ "aria-label": t(`ui.pager.${control}`) })}
      />
    </Group>
  );
}
