import { useState, type FormEvent } from "react";
import { Alert, Anchor, Group, Paper, PasswordInput, Radio, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { Link, useLocation, useNavigate } from "react-router";
import { USER_EMAIL_MAX, USER_NAME_MAX, USER_PASSWORD_MAX, looksLikeEmailAddress, userPasswordProblem, type TestingUserRow } from "@parlance/contract";
import { PageHeader } from "../../../ui/PageHeader";
import { isBlank, notifyResult } from "../../../ui/form";
import { FormError } from "../../../ui/FormError";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import type { ListLevel } from "../ListLevel";
import { backPath, listPath } from "../listPaths";
import { fieldWidth, ListFormActions, RecordFormPage } from "../lists";
import { userCatalogs, useSaveUser, useUser } from "./queries";

/** /testing/settings/users/new, …/users/:id/edit, and the same under /testing/settings/offices/:officeId/. */
export default function UserFormPage() {
  return <RecordFormPage kind="users" useRecord={useUser} renderNew={(level) => <UserForm level={level} />} renderEdit={(level, user) => <UserForm level={level} user={user} />} />;
}

type Access = "regular" | "administrator";

/**
 * The user form (spec §5): names up to 25, email up to 125, access level Regular or Administrator.
 * A new user needs a password; on an existing user only the user themselves sets a new one, and an
 * administrator is pointed to the password reset page instead.
 */
function UserForm({ level, user }: { level: ListLevel; user?: TestingUserRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const errorText = useApiErrorText(userCatalogs);
  const save = useSaveUser();
  const [firstName, setFirstName] = useState(user?.firstName ?? "");
  const [lastName, setLastName] = useState(user?.lastName ?? "");
  const [email, setEmail] = useState(user?.email ?? "");
  const [password, setPassword] = useState("");
  const [access, setAccess] = useState<Access>(user?.isAdministrator ? "administrator" : "regular");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const isNew = user === undefined;
  const isSelf = user?.isSelf ?? false;
  const showPassword = isNew || isSelf;
  const back = backPath(location.state, listPath("users", level.officeId));
  const complete = !isBlank(firstName) && !isBlank(lastName) && !isBlank(email) && (!isNew || password !== "");
  const title = isNew ? t("settingsLists.users.newTitle") : t("settingsLists.users.editTitle");
  const trail = [...level.crumbs, { label: level.officeId === null ? t("settingsLists.users.titleAccount") : t("settingsLists.users.heading"), to: listPath("users", level.officeId) }];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!complete) return;
    const emailOk = looksLikeEmailAddress(email.trim());
    const problem = password === "" ? null : userPasswordProblem(password);
    setEmailError(emailOk ? null : t("settingsLists.users.messages.emailInvalid"));
    setPasswordError(problem ? t(`settingsLists.users.messages.${problem}`) : null);
    if (!emailOk || problem) return;
    save.mutate(
      {
        id: user?.id,
        officeId: level.officeId,
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        emailAddress: email.trim(),
        password: showPassword && password !== "" ? password : undefined,
        isAdministrator: access === "administrator",
      },
      {
        onSuccess: () => {
          notifyResult(t("settingsLists.users.messages.saved"), true);
          navigate(back);
        },
      },
    );
  };

  return (
    <>
      <PageHeader title={title} breadcrumbs={trail} />
      <Paper withBorder p={{ base: "md", sm: "lg" }} maw={640}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {level.officeName && (
              <Text size="sm" c="gray.7">
                {t("settingsLists.users.inOffice", { office: level.officeName })}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t("settingsLists.users.form.firstName")}
                required
                maxLength={USER_NAME_MAX}
                value={firstName}
                onChange={(e) => setFirstName(e.currentTarget.value)}
                autoComplete="off"
              />
              <TextInput
                label={t("settingsLists.users.form.lastName")}
                required
                maxLength={USER_NAME_MAX}
                value={lastName}
                onChange={(e) => setLastName(e.currentTarget.value)}
                autoComplete="off"
              />
            </SimpleGrid>
            <TextInput
              label={t("settingsLists.users.form.email")}
              type="email"
              required
              maxLength={USER_EMAIL_MAX}
              maw={fieldWidth(45)}
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setEmailError(null);
              }}
              error={emailError}
              autoComplete="off"
            />
            {showPassword ? (
              <PasswordInput
                label={isNew ? t("settingsLists.users.form.password") : t("settingsLists.users.form.newPassword")}
                required={isNew}
                maxLength={USER_PASSWORD_MAX}
                maw={fieldWidth(45)}
                description={
                  <>
                    {t("settingsLists.users.form.passwordGuidance")}
                    {!isNew && ` ${t("settingsLists.users.form.keepPassword")}`}
                  </>
                }
                value={password}
                onChange={(e) => {
                  setPassword(e.currentTarget.value);
                  setPasswordError(null);
                }}
                error={passwordError}
                autoComplete="new-password"
              />
            ) : (
              <Alert color="gray" variant="light" title={t("settingsLists.users.form.password")}>
                {t("settingsLists.users.form.ownPasswordOnly")}{" "}
                <Anchor component={Link} to="/assistance">
                  {t("settingsLists.users.form.resetPage")}
                </Anchor>
              </Alert>
            )}
            <Radio.Group
              label={t("settingsLists.users.form.accessLevel")}
              description={isSelf ? t("settingsLists.users.messages.cannotChangeOwnAccess") : undefined}
              value={access}
              onChange={(v) => setAccess(v as Access)}
            >
              <Group gap="lg" mt={6}>
                <Radio value="regular" label={t("settingsLists.users.access.regular")} disabled={isSelf} />
                <Radio value="administrator" label={t("settingsLists.users.access.administrator")} disabled={isSelf} />
              </Group>
            </Radio.Group>
            <FormError message={save.isError ? errorText(save.error) : null} />
            <ListFormActions saving={save.isPending} cancelTo={back} complete={complete} />
          </Stack>
        </form>
      </Paper>
    </>
  );
}
