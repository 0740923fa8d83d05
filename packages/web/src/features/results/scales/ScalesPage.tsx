import { Anchor, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n";
import { ALTA_SCALE, type AltaLevel } from "@parlance/contract";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { PageHeader } from "../../../ui/PageHeader";
import { DataTable, type DataColumn } from "../../../ui/DataTable";

/**
 * /testing/scales (client spec §2, "testing scales page"): the ALTA levels 1 to 12+ with their
 * CEFR, ILR and ACTFL equivalents and what each level means. Public, like verification: whoever
 * checks a printed result can read what its level means. The table scrolls sideways on a phone.
 */
export default function ScalesPage() {
  const { t } = useTranslation();
  const { home } = useStandardCrumbs();
  const columns: DataColumn<AltaLevel>[] = [
    { key: "level", header: t("scales.columns.level"), rowHeader: true, nowrap: true, align: "center", cell: (l) => <Text fw={700}>{l.level}</Text> },
    { key: "cefr", header: t("scales.columns.cefr"), nowrap: true, cell: (l) => l.cefr },
    { key: "ilr", header: t("scales.columns.ilr"), nowrap: true, cell: (l) => l.ilr },
    { key: "actfl", header: t("scales.columns.actfl"), nowrap: true, cell: (l) => t(`scales.actfl.${l.actfl}`) },
    { key: "description", header: t("scales.columns.description"), cell: (l) => t(`scales.levels.${l.key}`) },
  ];
  return (
    <>
      <PageHeader title={t("scales.title")} breadcrumbs={[home]} />
      <Stack gap="md" maw={960}>
        <Text>{t("scales.intro")}</Text>
        <DataTable caption={t("scales.caption")} captionHidden columns={columns} rows={ALTA_SCALE} rowKey={(l) => l.key} minWidth={680} />
        <Text size="sm" c="gray.7">
          {t("scales.scaleNames")}
        </Text>
        <Text size="sm" c="gray.7">
          {t("scales.note")}
        </Text>
        <Anchor component={Link} to="/testing/results/verify">
          {t("scales.verifyLink")}
        </Anchor>
      </Stack>
    </>
  );
}
