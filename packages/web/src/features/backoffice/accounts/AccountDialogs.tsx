import { useState, type ChangeEvent, type FormEvent } from "react";
import { Button, Checkbox, Group, Modal, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { LANGUAGES, OFFICE_NAME_MAX, USER_EMAIL_MAX, USER_NAME_MAX, type AccountOffice, type Language } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { isBlank, notifyResult } from "../../../ui/form";
import { FormError } from "../../../ui/FormError";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { accountCatalogs, useCreateAdministrator, useSaveOffice } from "./queries";

/** Add an office to the account (no `office`) or rename it and set Billed Individually. */
export function OfficeDialog({ accountId, office, opened, onClose }: { accountId: number; office: AccountOffice | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText(accountCatalogs);
  const save = useSaveOffice();
  const [name, setName] = useState(office?.name ?? "");
  const [isInvoiced, setIsInvoiced] = useState(office?.is_invoiced ?? false);
  const [missing, setMissing] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (isBlank(name)) {
      setMissing(true);
      return;
    }
    save.mutate(
      { accountId, id: office?.id, name: name.trim(), is_invoiced: isInvoiced },
      {
        onSuccess: () => {
          notifyResult(t("offices.messages.saved"), true);
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={office ? t("backofficeAccounts.offices.renameTitle") : t("backofficeAccounts.offices.addTitle")} centered closeButtonProps={{ "aria-label": t("ui.close") }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t("offices.form.name")}
            required
            data-autofocus
            maxLength={OFFICE_NAME_MAX}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setMissing(false);
            }}
            error={missing ? t("specMessages.requiredFieldMissing") : undefined}
            autoComplete="off"
          />
          <Checkbox label={t("offices.form.isInvoiced")} description={t("offices.form.isInvoicedHint")} checked={isInvoiced} onChange={(e) => setIsInvoiced(e.currentTarget.checked)} />
          <FormError message={save.isError ? errorText(save.error) : null} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("ui.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t("ui.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Add a Testing Account Administrator: no password here, an activation link is mailed to them. */
export function AdministratorDialog({ accountId, opened, onClose }: { accountId: number; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText(accountCatalogs);
  const create = useCreateAdministrator();
  const [fields, setFields] = useState({ firstName: "", lastName: "", emailAddress: "" });
  const [language, setLanguage] = useState<Language>("en-US");
  const [missing, setMissing] = useState(false);
  const set = (key: keyof typeof fields) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setFields((f) => ({ ...f, [key]: value }));
    setMissing(false);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (Object.values(fields).some(isBlank)) {
      setMissing(true);
      return;
    }
    create.mutate(
      { accountId, firstName: fields.firstName.trim(), lastName: fields.lastName.trim(), emailAddress: fields.emailAddress.trim(), language },
      {
        onSuccess: () => {
          notifyResult(t("backofficeAccounts.messages.administratorCreated"), true);
          setFields({ firstName: "", lastName: "", emailAddress: "" });
          onClose();
        },
      },
    );
  };
  const required = (value: string) => (missing && isBlank(value) ? t("specMessages.requiredFieldMissing") : undefined);

  return (
    <Modal opened={opened} onClose={onClose} title={t("backofficeAccounts.administrators.addTitle")} centered closeButtonProps={{ "aria-label": t("ui.close") }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t("backofficeAccounts.administrators.addIntro")}</Text>
          <TextInput label={t("backofficeAccounts.people.firstName")} required data-autofocus maxLength={USER_NAME_MAX} value={fields.firstName} onChange={set("firstName")} error={required(fields.firstName)} autoComplete="off" />
          <TextInput label={t("backofficeAccounts.people.lastName")} required maxLength={USER_NAME_MAX} value={fields.lastName} onChange={set("lastName")} error={required(fields.lastName)} autoComplete="off" />
          <TextInput label={t("backofficeAccounts.people.email")} type="email" required maxLength={USER_EMAIL_MAX} value={fields.emailAddress} onChange={set("emailAddress")} error={required(fields.emailAddress)} autoComplete="off" />
          <NativeSelect
            label={t("backofficeAccounts.people.language")}
            description={t("backofficeAccounts.people.languageHint")}
            value={language}
            onChange={(e) => setLanguage(e.currentTarget.value as Language)}
            data={LANGUAGES.map((l) => ({ value: l, label: t(`backofficeAccounts.languages.${l}`) }))}
          />
          <FormError message={create.isError ? errorText(create.error) : null} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("ui.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t("backofficeAccounts.administrators.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
