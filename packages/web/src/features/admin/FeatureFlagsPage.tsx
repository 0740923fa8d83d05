import { useState } from "react";
import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { featureFlagMessages, type FeatureFlag, type FeatureFlagRule } from "@parlance/contract";
import { ApiCallError } from "../../api/client";
import { useTranslation } from "../../i18n";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { RemoteData } from "../../ui/RemoteData";
import { DataTable, type DataColumn } from "../../ui/DataTable";
import { confirmDelete } from "../../ui/ConfirmDialog";
import { notifyResult } from "../../ui/form";
import { AddFlagRuleDialog } from "./AddFlagRuleDialog";
import { flagRulesKey, useDeleteFlagRule, useFlagRules } from "./queries";

/**
 * /feature_flags (evaluators-results-account.md §2, §3, §4, §8): each flag, on or off by default,
 * with its rules in the order they decide (highest weight first). A rule is deleted after the
 * 'Confirm Delete' dialog; the spec's three messages say how it went. Ours: a rule is added in a dialog.
 */
export default function FeatureFlagsPage() {
  const { t } = useTranslation();
  const { home } = useStandardCrumbs();
  const client = useQueryClient();
  const [adding, setAdding] = useState<FeatureFlag | null>(null);
  const query = useFlagRules();
  const remove = useDeleteFlagRule({
    onSuccess: () => notifyResult(t("admin.flags.deleted", { defaultValue: featureFlagMessages.deleted }), true),
    // The server said no (the rule is gone, say): 'could not be deleted'; anything else is an error.
    onError: (err) => notifyResult(err instanceof ApiCallError && err.status > 0 && err.status < 500 ? t("admin.flags.notDeleted") : t("admin.flags.deleteFailed"), false),
  });

  const askDelete = (flag: FeatureFlag, rule: FeatureFlagRule) =>
    confirmDelete({ message: t("admin.flags.confirmDelete", { flag: flag.name, target: targetOf(rule) }), onConfirm: () => remove.mutate(rule.id) });

  const targetOf = (rule: FeatureFlagRule) => (rule.rule_type === "Test" ? (rule.test_description ?? "") : rule.test_type ? t(`admin.testTypes.${rule.test_type}`) : (rule.test_type_description ?? ""));
  const yesNo = (v: boolean) => (v ? t("admin.flags.yes") : t("admin.flags.no"));

  const columns = (flag: FeatureFlag): DataColumn<FeatureFlagRule>[] => [
    { key: "target", header: t("admin.flags.columns.appliesTo"), cell: targetOf, rowHeader: true },
    { key: "type", header: t("admin.flags.columns.ruleType"), cell: (r) => (r.rule_type === "Test" ? t("admin.flags.ruleTypes.test") : t("admin.flags.ruleTypes.testType")) },
    { key: "weight", header: t("admin.flags.columns.weight"), cell: (r) => r.weight, align: "right" },
    { key: "permits", header: t("admin.flags.columns.permits"), cell: (r) => yesNo(r.permits) },
    {
      key: "actions",
      header: t("admin.flags.columns.actions"),
      headerHidden: true,
      align: "right",
      cell: (r) => (
        <Button size="xs" variant="light" color="red" onClick={() => askDelete(flag, r)} loading={remove.isPending && remove.variables === r.id} aria-label={t("admin.flags.deleteRule", { target: targetOf(r) })}>
          {t("admin.flags.delete")}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t("admin.flags.title")} breadcrumbs={[home, { label: t("admin.hub.title"), to: "/admin" }]} />
      <Text c="gray.7" mb="md">
        {t("admin.flags.lead")}
      </Text>
      <RemoteData query={query} isEmpty={(d) => d.feature_flags.length === 0} empty={<Text>{t("admin.flags.empty")}</Text>}>
        {(data) => (
          <Stack gap="lg">
            {data.feature_flags.map((flag) => (
              <Paper key={flag.id} withBorder p="md" radius="md" component="section" aria-labelledby={`flag-${flag.id}`}>
                <Group justify="space-between" mb="xs" wrap="wrap">
                  <Title order={2} size="h4" id={`flag-${flag.id}`}>
                    {t(`admin.flags.names.${flag.name}`, { defaultValue: flag.name })} <Text span c="gray.7" size="sm" ff="monospace">({flag.name})</Text>
                  </Title>
                  <Group gap="sm">
                    <Text size="sm" fw={600}>
                      {flag.on_by_default ? t("admin.flags.onByDefault") : t("admin.flags.offByDefault")}
                    </Text>
                    <Button size="xs" variant="light" onClick={() => setAdding(flag)} aria-label={t("admin.flags.addRuleTo", { flag: t(`admin.flags.names.${flag.name}`, { defaultValue: flag.name }) })}>
                      {t("admin.flags.addRule")}
                    </Button>
                  </Group>
                </Group>
                {flag.rules.length === 0 ? (
                  <Text size="sm" c="gray.7">
                    {t("admin.flags.noRules")}
                  </Text>
                ) : (
                  <DataTable caption={t("admin.flags.rulesOf", { flag: flag.name })} columns={columns(flag)} rows={flag.rules} rowKey={(r) => r.id} minWidth={520} />
                )}
              </Paper>
            ))}
          </Stack>
        )}
      </RemoteData>
      <AddFlagRuleDialog
        flag={adding}
        onClose={() => setAdding(null)}
        onAdded={() => {
          setAdding(null);
          void client.invalidateQueries({ queryKey: flagRulesKey });
        }}
      />
    </>
  );
}
