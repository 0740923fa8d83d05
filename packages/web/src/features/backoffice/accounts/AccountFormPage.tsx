import { useRef, useState, type FormEvent } from "react";
import { Checkbox, Paper, Radio, Stack, Group, Textarea, TextInput } from "@mantine/core";
import { useNavigate, useParams } from "react-router";
import { ACCOUNT_NAME_MAX, PAYMENT_TERMS, SERVICES, SSO_MAX_DOMAINS, type AccountDetail, type PaymentTerms, type Service } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { PageHeader } from "../../../ui/PageHeader";
import { RemoteData } from "../../../ui/RemoteData";
import { FormActions, isBlank, notifyResult } from "../../../ui/form";
import { FormError } from "../../../ui/FormError";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { accountCatalogs, useAccount, useSaveAccount } from "./queries";
import { accountPath, ACCOUNTS_PATH, parseId, useAdminCrumbs } from "../paths";
import { isNotFound, NotFoundNotice } from "../NotFoundNotice";

/** /admin/accounts/new and /admin/accounts/:id/edit. */
export default function AccountFormPage() {
  const { id: idParam } = useParams();
  if (idParam === undefined) return <AccountForm />;
  const id = parseId(idParam);
  return id === null ? <NotFoundNotice kind="account" /> : <EditAccount id={id} />;
}

function EditAccount({ id }: { id: number }) {
  const query = useAccount(id);
  return (
    <RemoteData query={query} renderError={(err) => (isNotFound(err) ? <NotFoundNotice kind="account" /> : undefined)}>
      {(account) => <AccountForm account={account} />}
    </RemoteData>
  );
}

/** Domains typed one a line or separated by commas or spaces. */
const domainsOf = (text: string) => [...new Set(text.split(/[\s,;]+/).map((d) => d.trim().toLowerCase()).filter(Boolean))];

const FLAGS = ["medicalOption", "usesProctorService", "liveProctor", "allowCandidateScheduling"] as const;
type Flag = (typeof FLAGS)[number];

function AccountForm({ account }: { account?: AccountDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const crumbs = useAdminCrumbs();
  const errorText = useApiErrorText(accountCatalogs);
  const save = useSaveAccount();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(account?.name ?? "");
  const [services, setServices] = useState<string[]>(account?.services ?? ["testing"]);
  const [flags, setFlags] = useState<Record<Flag, boolean>>({
    medicalOption: account?.medicalOption ?? false,
    usesProctorService: account?.usesProctorService ?? false,
    liveProctor: account?.liveProctor ?? false,
    allowCandidateScheduling: account?.allowCandidateScheduling ?? false,
  });
  const [delay, setDelay] = useState(String(account?.minProctorApptDelay ?? 1));
  const [terms, setTerms] = useState<PaymentTerms>(account?.paymentTerms ?? "card");
  const [domains, setDomains] = useState((account?.ssoDomains ?? []).join("\n"));
  const [missing, setMissing] = useState<"name" | "services" | null>(null);

  const title = account ? t("backofficeAccounts.form.editTitle") : t("backofficeAccounts.form.newTitle");
  const trail = [...crumbs, { label: t("backofficeAccounts.title"), to: ACCOUNTS_PATH }, ...(account ? [{ label: account.name, to: accountPath(account.id) }] : [])];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (isBlank(name)) {
      setMissing("name");
      nameRef.current?.focus();
      return;
    }
    if (services.length === 0) {
      setMissing("services");
      return;
    }
    save.mutate(
      {
        id: account?.id,
        name: name.trim(),
        services: services as Service[],
        ...flags,
        minProctorApptDelay: delay === "0" ? 0 : 1,
        paymentTerms: terms,
        ssoDomains: domainsOf(domains),
      },
      {
        onSuccess: (res) => {
          notifyResult(t("backofficeAccounts.messages.saved"), true);
          navigate(accountPath(res.id));
        },
      },
    );
  };

  return (
    <>
      <PageHeader title={title} breadcrumbs={trail} />
      <Paper withBorder p={{ base: "md", sm: "lg" }} maw={720}>
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            <TextInput
              ref={nameRef}
              label={t("backofficeAccounts.form.name")}
              required
              maxLength={ACCOUNT_NAME_MAX}
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                if (missing === "name") setMissing(null);
              }}
              error={missing === "name" ? t("specMessages.requiredFieldMissing") : undefined}
              autoComplete="organization"
            />
            <Checkbox.Group
              label={t("backofficeAccounts.form.services")}
              description={t("backofficeAccounts.form.servicesHint")}
              value={services}
              onChange={(v) => {
                setServices(v);
                if (missing === "services") setMissing(null);
              }}
              error={missing === "services" ? t("backofficeAccounts.messages.servicesRequired") : undefined}
              required
            >
              <Group gap="lg" mt="xs">
                {SERVICES.map((s) => (
                  <Checkbox key={s} value={s} label={t(`backofficeAccounts.services.${s}`)} />
                ))}
              </Group>
            </Checkbox.Group>
            <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
              <legend style={{ fontWeight: 500, fontSize: "var(--mantine-font-size-sm)", marginBottom: 4 }}>{t("backofficeAccounts.form.testingOptions")}</legend>
              {FLAGS.map((f) => (
                <Checkbox
                  key={f}
                  label={t(`backofficeAccounts.flags.${f}`)}
                  description={t(`backofficeAccounts.flags.${f}Hint`)}
                  checked={flags[f]}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setFlags((prev) => ({ ...prev, [f]: on }));
                  }}
                />
              ))}
            </Stack>
            <Radio.Group label={t("backofficeAccounts.form.delay")} value={delay} onChange={setDelay}>
              <Group gap="lg" mt="xs">
                <Radio value="1" label={t("backofficeAccounts.delay.1")} />
                <Radio value="0" label={t("backofficeAccounts.delay.0")} />
              </Group>
            </Radio.Group>
            <Radio.Group label={t("backofficeAccounts.form.paymentTerms")} description={t("backofficeAccounts.form.paymentTermsHint")} value={terms} onChange={(v) => setTerms(v as PaymentTerms)}>
              <Group gap="lg" mt="xs">
                {PAYMENT_TERMS.map((p) => (
                  <Radio key={p} value={p} label={t(`backofficeAccounts.paymentTerms.${p}`)} />
                ))}
              </Group>
            </Radio.Group>
            <Textarea
              label={t("backofficeAccounts.form.ssoDomains")}
              description={t("backofficeAccounts.form.ssoDomainsHint", { max: SSO_MAX_DOMAINS })}
              value={domains}
              onChange={(e) => setDomains(e.currentTarget.value)}
              autosize
              minRows={2}
              maxRows={6}
              autoComplete="off"
              spellCheck={false}
            />
            <FormError message={save.isError ? errorText(save.error) : null} />
            <FormActions saving={save.isPending} cancelTo={account ? accountPath(account.id) : ACCOUNTS_PATH} />
          </Stack>
        </form>
      </Paper>
    </>
  );
}
