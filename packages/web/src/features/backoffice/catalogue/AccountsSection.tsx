import { useState } from "react";
import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { TEST_FEES_CENTS, isTestDuration, type AccountTestPrices, type AccountTestRow, type CatalogueTestDetail } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { formatMoney } from "../../../i18n/format";
import { EmptyState, RemoteData } from "../../../ui/RemoteData";
import { DataTable } from "../../../ui/DataTable";
import { confirmDelete } from "../../../ui/ConfirmDialog";
import { notifyResult } from "../../../ui/form";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { useStartup } from "../../../ui/startup";
import { catalogueCatalogs, useAccountTests, useAllowAccount, useChangePrice, useRemoveAccount } from "./queries";
import { PriceDialog, type PriceTarget } from "./PriceDialog";

/**
 * The accounts that may assign the test, at their prices: allow another account, change an
 * account's prices, remove one (after confirmation). What a client's Assign Tests offers.
 */
export function AccountsSection({ test }: { test: CatalogueTestDetail }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const errorText = useApiErrorText(catalogueCatalogs);
  const rows = useAccountTests(test.id);
  const allow = useAllowAccount(test.id);
  const change = useChangePrice();
  const remove = useRemoveAccount();
  const [target, setTarget] = useState<(PriceTarget & { id?: number }) | null>(null);
  const defaults: AccountTestPrices = isTestDuration(test.duration_minutes)
    ? { fee_cents: TEST_FEES_CENTS[test.duration_minutes].withNotice, short_notice_fee_cents: TEST_FEES_CENTS[test.duration_minutes].shortNotice }
    : { fee_cents: 0, short_notice_fee_cents: 0 };
  const pending = target?.kind === "change" ? change : allow;

  const close = () => {
    allow.reset();
    change.reset();
    setTarget(null);
  };
  const save = (input: AccountTestPrices & { account_id?: number }) => {
    if (target?.kind === "change" && target.id !== undefined) {
      change.mutate({ id: target.id, ...input }, { onSuccess: () => (notifyResult(t("boCatalogue.messages.priceSaved"), true), close()) });
    } else if (input.account_id !== undefined) {
      allow.mutate({ account_id: input.account_id, fee_cents: input.fee_cents, short_notice_fee_cents: input.short_notice_fee_cents }, { onSuccess: () => (notifyResult(t("boCatalogue.messages.accountAllowed"), true), close()) });
    }
  };
  const askRemove = (row: AccountTestRow) =>
    confirmDelete({
      message: t("boCatalogue.accounts.confirmRemove", { account: row.account_name, test: test.description }),
      onConfirm: () =>
        remove.mutate(row.id, {
          onSuccess: () => notifyResult(t("boCatalogue.messages.accountRemoved"), true),
          onError: (err) => notifyResult(errorText(err), false),
        }),
    });

  const allowButton = (
    <Button size="sm" onClick={() => setTarget({ kind: "allow", defaults })}>
      {t("boCatalogue.accounts.allowButton")}
    </Button>
  );
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby="test-accounts">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h3" id="test-accounts">
            {t("boCatalogue.accounts.title")}
          </Title>
          {allowButton}
        </Group>
        <Text size="sm" c="gray.7">
          {test.is_active ? t("boCatalogue.accounts.lead") : t("boCatalogue.accounts.leadRetired")}
        </Text>
        <RemoteData query={rows} isEmpty={(d) => d.account_tests.length === 0} empty={<EmptyState message={t("boCatalogue.accounts.empty")} />}>
          {(data) => (
            <DataTable
              caption={t("boCatalogue.accounts.title")}
              captionHidden
              minWidth={600}
              rows={data.account_tests}
              rowKey={(r) => r.id}
              columns={[
                { key: "account", header: t("boCatalogue.accounts.account"), rowHeader: true, cell: (r) => r.account_name },
                { key: "fee", header: t("boCatalogue.accounts.fee"), align: "right", nowrap: true, cell: (r) => formatMoney(r.fee_cents, language) },
                { key: "short", header: t("boCatalogue.accounts.shortNoticeFee"), align: "right", nowrap: true, cell: (r) => formatMoney(r.short_notice_fee_cents, language) },
                {
                  key: "actions",
                  header: t("ui.actions"),
                  headerHidden: true,
                  cell: (r) => (
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t("boCatalogue.accounts.changeNamed", { account: r.account_name })}
                        onClick={() => setTarget({ kind: "change", id: r.id, accountName: r.account_name, prices: r })}
                      >
                        {t("boCatalogue.accounts.change")}
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        disabled={remove.isPending}
                        aria-label={t("boCatalogue.accounts.removeNamed", { account: r.account_name })}
                        onClick={() => askRemove(r)}
                      >
                        {t("boCatalogue.accounts.remove")}
                      </Button>
                    </Group>
                  ),
                },
              ]}
            />
          )}
        </RemoteData>
      </Stack>
      <PriceDialog testId={test.id} target={target} saving={pending.isPending} error={pending.error} onSave={save} onClose={close} />
    </Paper>
  );
}
