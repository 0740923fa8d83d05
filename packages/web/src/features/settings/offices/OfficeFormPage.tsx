import { useRef, useState, type FormEvent } from "react";
import { Checkbox, Paper, Stack, TextInput } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { useNavigate, useParams } from "react-router";
import { OFFICE_NAME_MAX, type OfficeDetail } from "@parlance/contract";
import { PageHeader } from "../../../ui/PageHeader";
import { RemoteData } from "../../../ui/RemoteData";
import { FormActions, isBlank, notifyResult } from "../../../ui/form";
import { FormError } from "../../../ui/FormError";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { SETTINGS_PATH, useSettingsCrumbs } from "../crumbs";
import { officeCatalogs, useOffice, useSaveOffice } from "../queries";
import { officePath, parseOfficeId } from "../officePaths";
import { OfficeNotFound, isNotFound } from "../OfficeNotFound";

/** /testing/settings/offices/new and /testing/settings/offices/:id/edit. */
export default function OfficeFormPage() {
  const { id: idParam } = useParams();
  if (idParam === undefined) return <OfficeForm />;
  const id = parseOfficeId(idParam);
  return id === null ? <OfficeNotFound /> : <EditOffice id={id} />;
}

function EditOffice({ id }: { id: number }) {
  const query = useOffice(id);
  return (
    <RemoteData query={query} renderError={(err) => (isNotFound(err) ? <OfficeNotFound /> : undefined)}>
      {(office) => <OfficeForm office={office} />}
    </RemoteData>
  );
}

/** The form itself, for a new office (no `office`) or filled with the saved one. */
function OfficeForm({ office }: { office?: OfficeDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const crumbs = useSettingsCrumbs();
  const errorText = useApiErrorText(officeCatalogs);
  const save = useSaveOffice();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(office?.name ?? "");
  const [isInvoiced, setIsInvoiced] = useState(office?.is_invoiced ?? false);
  const [missing, setMissing] = useState(false);

  const title = office ? t("offices.form.editTitle") : t("offices.form.newTitle");
  const trail = office ? [...crumbs, { label: office.name, to: officePath(office.id) }] : crumbs;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Checked here first so that the message shows without a round trip (spec §5).
    if (isBlank(name)) {
      setMissing(true);
      nameRef.current?.focus();
      return;
    }
    save.mutate(
      { id: office?.id, name: name.trim(), is_invoiced: isInvoiced },
      {
        onSuccess: (res) => {
          notifyResult(t("offices.messages.saved"), true);
          navigate(officePath(res.id));
        },
      },
    );
  };

  return (
    <>
      <PageHeader title={title} breadcrumbs={trail} />
      <Paper withBorder p={{ base: "md", sm: "lg" }} maw={560}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              ref={nameRef}
              label={t("offices.form.name")}
              description={t("offices.form.nameHint", { max: OFFICE_NAME_MAX })}
              required
              maxLength={OFFICE_NAME_MAX}
              // The spec's field size 35: wide enough for the longest name, no wider.
              maw="calc(35ch + 2rem)"
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                if (missing) setMissing(false);
              }}
              error={missing ? t("specMessages.requiredFieldMissing") : undefined}
              autoComplete="off"
            />
            <Checkbox
              label={t("offices.form.isInvoiced")}
              description={t("offices.form.isInvoicedHint")}
              checked={isInvoiced}
              onChange={(e) => setIsInvoiced(e.currentTarget.checked)}
            />
            <FormError message={save.isError ? errorText(save.error) : null} />
            <FormActions saving={save.isPending} cancelTo={office ? officePath(office.id) : SETTINGS_PATH} />
          </Stack>
        </form>
      </Paper>
    </>
  );
}
