import { useEffect, useState, type FormEvent } from "react";
import { Button, Group, Modal, NumberInput, Select, Stack, Text } from "@mantine/core";
import { PRICE_MAX_CENTS, type AccountTestPrices } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { FormError } from "../../../ui/FormError";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { catalogueCatalogs, useAccountChoices } from "./queries";

/** What the dialog edits: a new account's prices (no account yet) or an account's existing ones. */
export type PriceTarget = { kind: "allow"; defaults: AccountTestPrices } | { kind: "change"; accountName: string; prices: AccountTestPrices };

const dollars = (cents: number) => cents / 100;
/** A price typed in dollars as whole cents (NumberInput gives numbers; two decimals at most). */
const centsOf = (value: number | "") => (value === "" ? null : Math.round(value * 100));

/**
 * Allow an account to assign the test (choose the account, then its prices), or change an account's
 * prices. Prices are typed in dollars and sent as whole cents; the short-notice price (an hour's
 * notice or less) is the higher one.
 */
export function PriceDialog({
  testId,
  target,
  saving,
  error,
  onSave,
  onClose,
}: {
  testId: number;
  target: PriceTarget | null;
  saving: boolean;
  error: unknown;
  onSave: (input: AccountTestPrices & { account_id?: number }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useApiErrorText(catalogueCatalogs);
  const [accountId, setAccountId] = useState<string | null>(null);
  const [term, setTerm] = useState("");
  const [fee, setFee] = useState<number | "">("");
  const [shortNotice, setShortNotice] = useState<number | "">("");
  const [problems, setProblems] = useState<{ account?: string; fee?: string; shortNotice?: string }>({});
  const choices = useAccountChoices(testId, term, target?.kind === "allow");
  // No choice at all (every account allowed) or none matching: said beside the field, since an open
  // listbox without options is an axe critical (issue 24 #13); with no choice at all it is disabled.
  const noChoice = choices.data !== undefined && !choices.isFetching && choices.data.accounts.length === 0;
  const noAccountLeft = noChoice && term === "" && choices.term === "";
  const choiceNote = noAccountLeft ? t("boCatalogue.accounts.allAllowed") : noChoice && term !== "" ? t("boCatalogue.accounts.noChoices") : "";
  useEffect(() => {
    if (!target) return;
    const prices = target.kind === "allow" ? target.defaults : target.prices;
    setFee(dollars(prices.fee_cents));
    setShortNotice(dollars(prices.short_notice_fee_cents));
    setAccountId(null);
    setTerm("");
    setProblems({});
  }, [target]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const feeCents = centsOf(fee);
    const shortCents = centsOf(shortNotice);
    const next = {
      account: target?.kind === "allow" && accountId === null ? t("boCatalogue.accounts.chooseAccount") : undefined,
      fee: feeCents === null ? t("specMessages.requiredFieldMissing") : undefined,
      shortNotice: shortCents === null ? t("specMessages.requiredFieldMissing") : feeCents !== null && shortCents < feeCents ? t("boCatalogue.messages.shortNoticeBelowPrice") : undefined,
    };
    setProblems(next);
    if (next.account || next.fee || next.shortNotice) return;
    onSave({ fee_cents: feeCents!, short_notice_fee_cents: shortCents!, ...(accountId ? { account_id: Number(accountId) } : {}) });
  }

  const title = target?.kind === "change" ? t("boCatalogue.accounts.changeTitle", { account: target.accountName }) : t("boCatalogue.accounts.allowTitle");
  const priceProps = { min: 0, max: PRICE_MAX_CENTS / 100, decimalScale: 2, fixedDecimalScale: true, allowNegative: false, thousandSeparator: ",", required: true } as const;
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} centered closeButtonProps={{ "aria-label": t("ui.close") }}>
      {target && (
        <form noValidate onSubmit={submit} aria-busy={saving || undefined}>
          <Stack gap="md">
            {target.kind === "allow" && (
              <Select
                label={t("boCatalogue.accounts.account")}
                description={t("boCatalogue.accounts.accountHelp")}
                required
                searchable
                data={(choices.data?.accounts ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
                value={accountId}
                onChange={setAccountId}
                searchValue={term}
                onSearchChange={setTerm}
                disabled={noAccountLeft}
                error={problems.account}
                data-autofocus
              />
            )}
            {target.kind === "allow" && (
              <Text size="sm" c="gray.7" role="status">
                {choiceNote}
              </Text>
            )}
            <NumberInput label={t("boCatalogue.accounts.fee")} description={t("boCatalogue.accounts.feeHelp")} value={fee} onChange={(v) => setFee(v === "" ? "" : Number(v))} error={problems.fee} {...priceProps} />
            <NumberInput
              label={t("boCatalogue.accounts.shortNoticeFee")}
              description={t("boCatalogue.accounts.shortNoticeFeeHelp")}
              value={shortNotice}
              onChange={(v) => setShortNotice(v === "" ? "" : Number(v))}
              error={problems.shortNotice}
              {...priceProps}
            />
            <Text size="xs" c="gray.7">
              {t("boCatalogue.accounts.currency")}
            </Text>
            <FormError message={error ? errorText(error) : null} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t("ui.cancel")}
              </Button>
              <Button type="submit" loading={saving} disabled={target.kind === "allow" && noAccountLeft}>
                {target.kind === "allow" ? t("boCatalogue.accounts.allow") : t("ui.save")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
