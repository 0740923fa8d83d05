import { Anchor, Checkbox, List, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { LONG_HONOR_STATEMENT_COUNT, type TestShowView } from "@parlance/contract";

/**
 * The long statement's outside reference: the International Test Commission's guidelines on the
 * security of tests, which the five statements follow.
 */
export const HONOR_POLICY_URL = "https://www.intestcom.org/";

/**
 * The honor statement the candidate must tick before the start dialog (spec §2, §5): a short one, or
 * five statements with a link (new tab) to the guidelines they come from.
 */
export function HonorStatement({ variant, checked, onChange }: { variant: TestShowView["honorStatement"]; checked: boolean; onChange: (v: boolean) => void }) {
  const { t } = useTranslation();
  if (variant === "short") {
    return <Checkbox checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} label={t("takingStages.prelude.honorShort")} />;
  }
  return (
    <Stack gap="xs">
      <Text fw={500}>{t("takingStages.prelude.honorLongLead")}</Text>
      <List type="ordered" spacing={4}>
        {Array.from({ length: LONG_HONOR_STATEMENT_COUNT }, (_, i) => (
          <List.Item key={i}>{t(`takingStages.prelude.honor${i + 1}`)}</List.Item>
        ))}
      </List>
      <Anchor href={HONOR_POLICY_URL} target="_blank" rel="noopener noreferrer" size="sm">
        {t("takingStages.prelude.honorPolicy")}
      </Anchor>
      <Checkbox checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} label={t("takingStages.prelude.honorLongAccept")} />
    </Stack>
  );
}
