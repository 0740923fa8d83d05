import { useState, type FormEvent } from "react";
import { Alert, Anchor, Checkbox, Paper, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { Link, useLocation, useNavigate } from "react-router";
import {
  RECIPIENT_TEXT_MAX,
  RESULT_TYPES,
  looksLikeEmailAddress,
  recipientIsComplete,
  type RecipientDetail,
  type RecipientList,
  type ResultType,
} from "@parlance/contract";
import { PageHeader } from "../../../ui/PageHeader";
import { RemoteData } from "../../../ui/RemoteData";
import { notifyResult } from "../../../ui/form";
import { FormError } from "../../../ui/FormError";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import type { ListLevel } from "../ListLevel";
import { backPath, listPath } from "../listPaths";
import { fieldWidth, ListFormActions, RecordFormPage } from "../lists";
import { recipientCatalogs, useRecipient, useRecipientList, useSaveRecipient } from "./queries";

/** /testing/settings/resultrecipients/new, …/:id/edit, and the same under /testing/settings/offices/:officeId/. */
export default function RecipientFormPage() {
  return (
    <RecordFormPage
      kind="resultrecipients"
      useRecord={useRecipient}
      renderNew={(level) => <NewRecipient level={level} />}
      renderEdit={(level, r) => <RecipientForm level={level} recipient={r} clients={r.clients} canSetGlobal={r.canSetGlobal} />}
    />
  );
}

/** A new recipient: the clients list and the global option come with the list. */
function NewRecipient({ level }: { level: ListLevel }) {
  const query = useRecipientList(level.officeId, 1);
  return <RemoteData query={query}>{(list: RecipientList) => <RecipientForm level={level} clients={list.clients} canSetGlobal={list.canSetGlobal} />}</RemoteData>;
}

/**
 * The result recipient form (spec §5): first name, last name and email (up to 125 each, 35 wide),
 * the result type, and Global for those who may set it. Valid when the names or the email are
 * filled in.
 */
function RecipientForm({
  level,
  recipient,
  clients,
  canSetGlobal,
}: {
  level: ListLevel;
  recipient?: RecipientDetail;
  clients: { id: number; name: string }[];
  canSetGlobal: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const errorText = useApiErrorText(recipientCatalogs);
  const save = useSaveRecipient();
  const [firstName, setFirstName] = useState(recipient?.firstName ?? "");
  const [lastName, setLastName] = useState(recipient?.lastName ?? "");
  const [email, setEmail] = useState(recipient?.email ?? "");
  const [resultType, setResultType] = useState<ResultType>(recipient?.resultType ?? "full_report");
  const [isGlobal, setIsGlobal] = useState(recipient?.isGlobal ?? false);
  const [clientId, setClientId] = useState<string | null>(String(recipient?.clientId ?? clients[0]?.id ?? ""));
  const [emailError, setEmailError] = useState<string | null>(null);

  const isNew = recipient === undefined;
  const back = backPath(location.state, listPath("resultrecipients", level.officeId));
  const complete = recipientIsComplete({ firstName, lastName, emailAddress: email });
  const title = isNew ? t("settingsLists.recipients.newTitle") : t("settingsLists.recipients.editTitle");
  const listLabel = level.officeId === null ? t("settingsLists.recipients.titleAccount") : t("settingsLists.recipients.heading");
  const trail = [...level.crumbs, { label: listLabel, to: listPath("resultrecipients", level.officeId) }];

  if (recipient && !recipient.canEdit) {
    return (
      <>
        <PageHeader title={recipient.name || recipient.email} breadcrumbs={trail} />
        <Alert color="gray" variant="light" role="status">
          {t("settingsLists.recipients.messages.globalReadOnly")}{" "}
          <Anchor component={Link} to={back}>
            {t("settingsLists.recipients.backToList")}
          </Anchor>
        </Alert>
      </>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!complete) return;
    const trimmed = email.trim();
    if (trimmed !== "" && !looksLikeEmailAddress(trimmed)) {
      setEmailError(t("settingsLists.recipients.messages.emailInvalid"));
      return;
    }
    save.mutate(
      {
        id: recipient?.id,
        clientId: clientId ? Number(clientId) : undefined,
        officeId: level.officeId,
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        emailAddress: trimmed,
        resultType,
        // Only those who may set it send it; otherwise the saved value stays.
        ...(canSetGlobal ? { isGlobal } : {}),
      },
      {
        onSuccess: () => {
          notifyResult(t("settingsLists.recipients.messages.saved"), true);
          navigate(back);
        },
      },
    );
  };

  // The spec's field size: 35 characters wide, up to 125 long.
  const width = fieldWidth(35);
  return (
    <>
      <PageHeader title={title} breadcrumbs={trail} />
      <Paper withBorder p={{ base: "md", sm: "lg" }} maw={640}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="gray.7">
              {level.officeName ? t("settingsLists.recipients.inOffice", { office: level.officeName }) : null} {t("settingsLists.recipients.form.rule")}
            </Text>
            {clients.length > 1 && (
              <Select
                label={t("settingsLists.recipients.form.client")}
                data={clients.map((c) => ({ value: String(c.id), label: c.name }))}
                value={clientId}
                onChange={setClientId}
                allowDeselect={false}
                maw={width}
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t("settingsLists.recipients.form.firstName")}
                maxLength={RECIPIENT_TEXT_MAX}
                value={firstName}
                onChange={(e) => setFirstName(e.currentTarget.value)}
                autoComplete="off"
              />
              <TextInput
                label={t("settingsLists.recipients.form.lastName")}
                maxLength={RECIPIENT_TEXT_MAX}
                value={lastName}
                onChange={(e) => setLastName(e.currentTarget.value)}
                autoComplete="off"
              />
            </SimpleGrid>
            <TextInput
              label={t("settingsLists.recipients.form.email")}
              type="email"
              maxLength={RECIPIENT_TEXT_MAX}
              maw={width}
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setEmailError(null);
              }}
              error={emailError}
              autoComplete="off"
            />
            <Select
              label={t("settingsLists.recipients.form.resultType")}
              description={t("settingsLists.recipients.form.resultTypeHint")}
              data={RESULT_TYPES.map((v) => ({ value: v, label: t(`settingsLists.recipients.resultTypes.${v}`) }))}
              value={resultType}
              onChange={(v) => v && setResultType(v as ResultType)}
              allowDeselect={false}
              maw={width}
            />
            {canSetGlobal && (
              <Checkbox
                label={t("settingsLists.form.isGlobal")}
                description={t("settingsLists.recipients.form.isGlobalHint")}
                checked={isGlobal}
                onChange={(e) => setIsGlobal(e.currentTarget.checked)}
              />
            )}
            <FormError message={save.isError ? errorText(save.error) : null} />
            <ListFormActions saving={save.isPending} cancelTo={back} complete={complete} />
          </Stack>
        </form>
      </Paper>
    </>
  );
}
