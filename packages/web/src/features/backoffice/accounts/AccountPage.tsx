import { useState } from "react";
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link, useParams } from "react-router";
import type { AccountAdministrator, AccountDetail, AccountOffice } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { formatDate, formatDateTime } from "../../../i18n/format";
import { PageHeader } from "../../../ui/PageHeader";
import { DataTable, type DataColumn } from "../../../ui/DataTable";
import { EmptyState, RemoteData } from "../../../ui/RemoteData";
import { notifyResult } from "../../../ui/form";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { useStartup } from "../../../ui/startup";
import { accountCatalogs, useAccount, useCloseOffice, useResendActivation } from "./queries";
import { ACCOUNTS_PATH, editAccountPath, parseId, useAdminCrumbs } from "../paths";
import { isNotFound, NotFoundNotice } from "../NotFoundNotice";
import { AdministratorDialog, OfficeDialog } from "./AccountDialogs";

/** /admin/accounts/:id: a client account's flags, its offices and its account administrators. */
export default function AccountPage() {
  const id = parseId(useParams().id);
  return id === null ? <NotFoundNotice kind="account" /> : <LoadedAccount id={id} />;
}

function LoadedAccount({ id }: { id: number }) {
  const query = useAccount(id);
  return (
    <RemoteData query={query} renderError={(err) => (isNotFound(err) ? <NotFoundNotice kind="account" /> : undefined)}>
      {(account) => <Account account={account} />}
    </RemoteData>
  );
}

function Account({ account }: { account: AccountDetail }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const crumbs = useAdminCrumbs();
  const yesNo = (on: boolean) => (on ? t("ui.yes") : t("ui.no"));
  const facts: [string, string][] = [
    [t("backofficeAccounts.columns.id"), String(account.id)],
    [t("backofficeAccounts.form.services"), account.services.map((s) => t(`backofficeAccounts.services.${s}`)).join(", ")],
    [t("backofficeAccounts.form.paymentTerms"), t(`backofficeAccounts.paymentTerms.${account.paymentTerms}`)],
    [t("backofficeAccounts.flags.medicalOption"), yesNo(account.medicalOption)],
    [t("backofficeAccounts.flags.usesProctorService"), yesNo(account.usesProctorService)],
    [t("backofficeAccounts.flags.liveProctor"), yesNo(account.liveProctor)],
    [t("backofficeAccounts.flags.allowCandidateScheduling"), yesNo(account.allowCandidateScheduling)],
    [t("backofficeAccounts.form.delay"), t(`backofficeAccounts.delay.${account.minProctorApptDelay === 0 ? 0 : 1}`)],
    [t("backofficeAccounts.form.ssoDomains"), account.ssoDomains.join(", ") || t("backofficeAccounts.none")],
    [t("backofficeAccounts.columns.created"), formatDate(account.createdAt, language)],
  ];
  return (
    <>
      <PageHeader
        title={account.name}
        breadcrumbs={[...crumbs, { label: t("backofficeAccounts.title"), to: ACCOUNTS_PATH }]}
        actions={
          <Button component={Link} to={editAccountPath(account.id)} variant="light" aria-label={t("backofficeAccounts.editNamed", { name: account.name })}>
            {t("ui.edit")}
          </Button>
        }
      />
      <Stack gap="xl">
        <Paper withBorder p="md" component="section" aria-labelledby="account-facts">
          <Title order={2} fz="lg" id="account-facts" mb="sm">
            {t("backofficeAccounts.detail.settings")}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="dl" style={{ margin: 0 }}>
            {facts.map(([label, value]) => (
              <div key={label}>
                <Text component="dt" size="sm" c="gray.7">
                  {label}
                </Text>
                <Text component="dd" m={0} style={{ overflowWrap: "anywhere" }}>
                  {value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Paper>
        <OfficesSection account={account} />
        <AdministratorsSection account={account} language={language} />
      </Stack>
    </>
  );
}

function OfficesSection({ account }: { account: AccountDetail }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText(accountCatalogs);
  const close = useCloseOffice();
  // The dialog's office: null adds one, undefined is closed.
  const [editing, setEditing] = useState<AccountOffice | null | undefined>(undefined);
  const toggle = (o: AccountOffice) =>
    close.mutate(
      { accountId: account.id, id: o.id, closed: !o.isClosed },
      {
        onSuccess: (res) => notifyResult(t(o.isClosed ? "backofficeAccounts.messages.officeReopened" : "backofficeAccounts.messages.officeClosed", { defaultValue: res.message }), true),
        onError: (err) => notifyResult(errorText(err), false),
      },
    );
  const columns: DataColumn<AccountOffice>[] = [
    { key: "name", header: t("offices.columns.name"), rowHeader: true, cell: (o) => o.name },
    { key: "invoiced", header: t("offices.columns.isInvoiced"), cell: (o) => (o.is_invoiced ? t("ui.yes") : t("ui.no")) },
    { key: "users", header: t("offices.columns.users"), cell: (o) => o.users, align: "right" },
    {
      key: "status",
      header: t("backofficeAccounts.offices.status"),
      cell: (o) => (o.isClosed ? t("backofficeAccounts.offices.closed") : t("backofficeAccounts.offices.open")),
    },
    {
      key: "actions",
      header: t("ui.actions"),
      headerHidden: true,
      nowrap: true,
      cell: (o) => (
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Button size="compact-sm" variant="light" onClick={() => setEditing(o)} aria-label={t("backofficeAccounts.offices.renameNamed", { name: o.name })}>
            {t("backofficeAccounts.offices.rename")}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color={o.isClosed ? "blue" : "red"}
            loading={close.isPending && close.variables?.id === o.id}
            onClick={() => toggle(o)}
            aria-label={t(o.isClosed ? "backofficeAccounts.offices.reopenNamed" : "backofficeAccounts.offices.closeNamed", { name: o.name })}
          >
            {o.isClosed ? t("backofficeAccounts.offices.reopen") : t("backofficeAccounts.offices.close")}
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <section aria-labelledby="account-offices">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" id="account-offices">
          {t("backofficeAccounts.offices.heading")}
        </Title>
        <Button onClick={() => setEditing(null)}>{t("backofficeAccounts.offices.add")}</Button>
      </Group>
      {account.offices.length === 0 ? (
        <EmptyState message={t("backofficeAccounts.offices.empty")} />
      ) : (
        <DataTable caption={t("backofficeAccounts.offices.heading")} captionHidden columns={columns} rows={account.offices} rowKey={(o) => o.id} />
      )}
      {editing !== undefined && <OfficeDialog key={editing?.id ?? "new"} accountId={account.id} office={editing} opened onClose={() => setEditing(undefined)} />}
    </section>
  );
}

function AdministratorsSection({ account, language }: { account: AccountDetail; language: ReturnType<typeof useStartup>["language"] }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText(accountCatalogs);
  const resend = useResendActivation();
  const [adding, setAdding] = useState(false);
  const columns: DataColumn<AccountAdministrator>[] = [
    { key: "name", header: t("backofficeAccounts.people.name"), rowHeader: true, cell: (a) => a.name },
    { key: "email", header: t("backofficeAccounts.people.email"), cell: (a) => <span style={{ overflowWrap: "anywhere" }}>{a.email}</span> },
    { key: "status", header: t("backofficeAccounts.people.status"), cell: (a) => (a.activated ? t("backofficeAccounts.people.activated") : t("backofficeAccounts.people.pending")) },
    { key: "last", header: t("backofficeAccounts.people.lastSignIn"), cell: (a) => (a.lastLoginAt ? formatDateTime(a.lastLoginAt, language) : t("backofficeAccounts.people.never")) },
    {
      key: "actions",
      header: t("ui.actions"),
      headerHidden: true,
      nowrap: true,
      cell: (a) =>
        !a.activated && (
          <Button
            size="compact-sm"
            variant="light"
            loading={resend.isPending && resend.variables?.id === a.id}
            aria-label={t("backofficeAccounts.people.resendNamed", { name: a.name })}
            onClick={() =>
              resend.mutate(
                { accountId: account.id, id: a.id },
                { onSuccess: () => notifyResult(t("backofficeAccounts.messages.activationSent"), true), onError: (err) => notifyResult(errorText(err), false) },
              )
            }
          >
            {t("backofficeAccounts.people.resend")}
          </Button>
        ),
    },
  ];
  return (
    <section aria-labelledby="account-admins">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" id="account-admins">
          {t("backofficeAccounts.administrators.heading")}
        </Title>
        <Button onClick={() => setAdding(true)}>{t("backofficeAccounts.administrators.add")}</Button>
      </Group>
      {account.administrators.length === 0 ? (
        <EmptyState message={t("backofficeAccounts.administrators.empty")} />
      ) : (
        <DataTable caption={t("backofficeAccounts.administrators.heading")} captionHidden columns={columns} rows={account.administrators} rowKey={(a) => a.id} />
      )}
      {adding && <AdministratorDialog accountId={account.id} opened onClose={() => setAdding(false)} />}
    </section>
  );
}
