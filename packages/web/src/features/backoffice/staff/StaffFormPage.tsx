import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Alert, Checkbox, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { Link, useNavigate, useParams } from "react-router";
import { LANGUAGES, Role, USER_EMAIL_MAX, USER_NAME_MAX, type Language, type StaffDetail, type StaffRoleOption } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { PageHeader } from "../../../ui/PageHeader";
import { RemoteData } from "../../../ui/RemoteData";
import { FormActions, isBlank, notifyResult } from "../../../ui/form";
import { FormError } from "../../../ui/FormError";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { evaluatorPath, NEW_EVALUATOR_PATH, parseId, STAFF_PATH, staffPath, useAdminCrumbs } from "../paths";
import { isNotFound, NotFoundNotice } from "../NotFoundNotice";
import { staffCatalogs, useSaveStaff, useStaffRoles, useStaffUser } from "./queries";
import { StaffActions } from "./StaffActions";

/** /admin/staff/new and /admin/staff/:id: a staff user's name, address, language and roles. */
export default function StaffFormPage() {
  const { id: idParam } = useParams();
  const roles = useStaffRoles();
  if (idParam === undefined) return <RemoteData query={roles}>{(r) => <StaffForm roles={r.roles} />}</RemoteData>;
  const id = parseId(idParam);
  return id === null ? <NotFoundNotice kind="staff" /> : <EditStaff id={id} />;
}

function EditStaff({ id }: { id: number }) {
  const user = useStaffUser(id);
  const roles = useStaffRoles();
  return (
    <RemoteData query={user} renderError={(err) => (isNotFound(err) ? <NotFoundNotice kind="staff" /> : undefined)}>
      {(u) => <RemoteData query={roles}>{(r) => <StaffForm key={u.id} user={u} roles={r.roles} />}</RemoteData>}
    </RemoteData>
  );
}

function StaffForm({ user, roles }: { user?: StaffDetail; roles: StaffRoleOption[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const crumbs = useAdminCrumbs();
  const errorText = useApiErrorText(staffCatalogs);
  const save = useSaveStaff();
  const firstRef = useRef<HTMLInputElement>(null);
  const [fields, setFields] = useState({ firstName: user?.firstName ?? "", lastName: user?.lastName ?? "", emailAddress: user?.email ?? "" });
  const [language, setLanguage] = useState<Language>(user?.language ?? "en-US");
  const [chosen, setChosen] = useState<string[]>((user?.roles ?? []).map(String));
  const [missing, setMissing] = useState<"fields" | "roles" | null>(null);
  const readOnly = user !== undefined && !user.canEdit;
  const rolesLocked = readOnly || (user?.isSelf ?? false);
  const set = (key: keyof typeof fields) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setFields((f) => ({ ...f, [key]: value }));
    setMissing(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (Object.values(fields).some(isBlank)) {
      setMissing("fields");
      firstRef.current?.focus();
      return;
    }
    if (chosen.length === 0) {
      setMissing("roles");
      return;
    }
    save.mutate(
      { id: user?.id, firstName: fields.firstName.trim(), lastName: fields.lastName.trim(), emailAddress: fields.emailAddress.trim(), language, roles: chosen.map(Number) },
      {
        onSuccess: (res) => {
          notifyResult(t(user ? "backofficeStaff.messages.saved" : "backofficeStaff.messages.created"), true);
          navigate(staffPath(res.id));
        },
      },
    );
  };
  const required = (value: string) => (missing === "fields" && isBlank(value) ? t("specMessages.requiredFieldMissing") : undefined);
  const title = user ? user.name : t("backofficeStaff.form.newTitle");
  const hasEvaluatorRole = user?.roles.includes(Role.Evaluator) ?? false;

  return (
    <>
      <PageHeader title={title} breadcrumbs={[...crumbs, { label: t("backofficeStaff.title"), to: STAFF_PATH }]} />
      <Stack gap="md" maw={860}>
        {readOnly && (
          <Alert color="blue" variant="light">
            <Text size="sm">{t("backofficeStaff.form.readOnly")}</Text>
          </Alert>
        )}
        {user && <StaffActions user={user} />}
        {user && hasEvaluatorRole && (
          <Text size="sm">
            <Link to={user.isEvaluator ? evaluatorPath(user.id) : `${NEW_EVALUATOR_PATH}?user=${user.id}`}>
              {user.isEvaluator ? t("backofficeStaff.form.evaluatorProfile") : t("backofficeStaff.form.createEvaluatorProfile")}
            </Link>
          </Text>
        )}
        <Paper withBorder p={{ base: "md", sm: "lg" }}>
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              {!user && <Text size="sm">{t("backofficeStaff.form.newIntro")}</Text>}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput ref={firstRef} label={t("backofficeAccounts.people.firstName")} required maxLength={USER_NAME_MAX} value={fields.firstName} onChange={set("firstName")} error={required(fields.firstName)} disabled={readOnly} autoComplete="off" />
                <TextInput label={t("backofficeAccounts.people.lastName")} required maxLength={USER_NAME_MAX} value={fields.lastName} onChange={set("lastName")} error={required(fields.lastName)} disabled={readOnly} autoComplete="off" />
                <TextInput label={t("backofficeAccounts.people.email")} type="email" required maxLength={USER_EMAIL_MAX} value={fields.emailAddress} onChange={set("emailAddress")} error={required(fields.emailAddress)} disabled={readOnly} autoComplete="off" />
                <NativeSelect
                  label={t("backofficeAccounts.people.language")}
                  value={language}
                  onChange={(e) => setLanguage(e.currentTarget.value as Language)}
                  data={LANGUAGES.map((l) => ({ value: l, label: t(`backofficeAccounts.languages.${l}`) }))}
                  disabled={readOnly}
                />
              </SimpleGrid>
              <Checkbox.Group
                label={t("backofficeStaff.roles")}
                description={user?.isSelf ? t("backofficeStaff.form.ownRoles") : t("backofficeStaff.form.rolesHint")}
                value={chosen}
                onChange={(v) => {
                  setChosen(v);
                  setMissing(null);
                }}
                error={missing === "roles" ? t("backofficeStaff.messages.rolesRequired") : undefined}
                required
              >
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="xs" spacing="xs">
                  {roles.map((r) => (
                    <Checkbox key={r.id} value={String(r.id)} label={t(`roles.${r.id}`, { defaultValue: r.name })} disabled={rolesLocked || !r.grantable} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
              <FormError message={save.isError ? errorText(save.error) : null} />
              {!readOnly && <FormActions saving={save.isPending} cancelTo={STAFF_PATH} saveLabel={user ? undefined : t("backofficeStaff.form.create")} />}
            </Stack>
          </form>
        </Paper>
      </Stack>
    </>
  );
}
