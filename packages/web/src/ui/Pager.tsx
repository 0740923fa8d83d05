import { Group, Pagination, Text } from "@mantine/core";
import { useTranslation } from "../i18n";

interface PagerProps {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  /** Names the navigation, e.g. "Offices pages". */
  label?: string;
}

/** Page navigation under a list; not shown at all when there is only one page (spec §9). */
export function Pager({ page, pageCount, onChange, label }: PagerProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <Group component="nav" aria-label={label ?? t("ui.pager.label")} justify="space-between" mt="md" gap="sm">
      <Text size="sm" c="gray.7">
        {t("ui.pager.summary", { page, pageCount })}
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
