import { useState, type FormEvent } from "react";
import { Button, Group, Modal, NumberInput, Radio, Select, Stack, Switch } from "@mantine/core";
import { TEST_TYPES, type FeatureFlag, type TestType } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { notifyResult } from "../../ui/form";
import { FormError } from "../../ui/FormError";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { useAddFlagRule, useFlagRuleOptions } from "./queries";

type RuleKind = "Test" | "Test Type";

/**
 * Ours (the spec only deletes rules): a new rule for one flag — a test or a test type, its weight
 * and whether it turns the flag on or off there. The server checks everything again.
 */
export function AddFlagRuleDialog({ flag, onClose, onAdded }: { flag: FeatureFlag | null; onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const [kind, setKind] = useState<RuleKind>("Test Type");
  const [testId, setTestId] = useState<string | null>(null);
  const [testType, setTestType] = useState<string | null>(null);
  const [weight, setWeight] = useState<number | string>(1);
  const [permits, setPermits] = useState(true);
  const [missing, setMissing] = useState(false);
  const options = useFlagRuleOptions(flag !== null && kind === "Test");
  const add = useAddFlagRule();

  const reset = () => {
    setKind("Test Type");
    setTestId(null);
    setTestType(null);
    setWeight(1);
    setPermits(true);
    setMissing(false);
    add.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!flag) return;
    const target = kind === "Test" ? testId : testType;
    if (!target) return setMissing(true);
    add.mutate(
      {
        feature_flag_id: flag.id,
        weight: Number(weight) || 0,
        permits,
        rule_type: kind,
        test_id: kind === "Test" ? Number(testId) : null,
        test_type: kind === "Test Type" ? (testType as TestType) : null,
      },
      {
        onSuccess: () => {
          notifyResult(t("admin.flags.added"), true);
          reset();
          onAdded();
        },
      },
    );
  };

  const flagName = flag ? t(`admin.flags.names.${flag.name}`, { defaultValue: flag.name }) : "";
  return (
    <Modal opened={flag !== null} onClose={close} title={t("admin.flags.addTitle", { flag: flagName })} centered size="md" closeButtonProps={{ "aria-label": t("ui.close") }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Radio.Group label={t("admin.flags.columns.ruleType")} value={kind} onChange={(v) => { setKind(v as RuleKind); setMissing(false); }}>
            <Group mt={6}>
              <Radio value="Test Type" label={t("admin.flags.ruleTypes.testType")} />
              <Radio value="Test" label={t("admin.flags.ruleTypes.test")} />
            </Group>
          </Radio.Group>
          {kind === "Test" ? (
            <Select
              label={t("admin.flags.test")}
              required
              searchable
              data-autofocus
              nothingFoundMessage={t("admin.flags.noTests")}
              placeholder={options.isPending ? t("admin.flags.loadingTests") : undefined}
              data={(options.data?.tests ?? []).map((x) => ({ value: String(x.id), label: x.description }))}
              value={testId}
              onChange={(v) => { setTestId(v); setMissing(false); }}
              error={missing ? t("admin.flags.chooseTest") : options.isError ? t("admin.flags.testsFailed") : null}
              comboboxProps={{ withinPortal: true }}
            />
          ) : (
            <Select
              label={t("admin.flags.testType")}
              required
              data-autofocus
              data={TEST_TYPES.map((type) => ({ value: type, label: t(`admin.testTypes.${type}`) }))}
              value={testType}
              onChange={(v) => { setTestType(v); setMissing(false); }}
              error={missing ? t("admin.flags.chooseTestType") : null}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <NumberInput label={t("admin.flags.columns.weight")} description={t("admin.flags.weightHelp")} min={-1000} max={1000} allowDecimal={false} value={weight} onChange={setWeight} />
          <Switch label={t("admin.flags.permitsLabel")} checked={permits} onChange={(e) => setPermits(e.currentTarget.checked)} />
          <FormError message={add.isError ? errorText(add.error) : null} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t("ui.cancel")}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t("admin.flags.add")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
