import { useState, type FormEvent } from "react";
import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { accountProfileMessages, passwordProblem, PROFILE_EMAIL_MAX, PROFILE_PASSWORD_MAX, type PasswordProblem } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { PageHeader } from "../../ui/PageHeader";
import { RemoteData } from "../../ui/RemoteData";
import { FormError } from "../../ui/FormError";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { useStartup } from "../../ui/startup";
import { profileKey, useProfile, useSaveProfile } from "./queries";

const CATALOGS = { "accountProfile.body": accountProfileMessages };

/** /account/profile (spec §2, §3, §5): the caller's email address and password. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { home } = useStandardCrumbs();
  const query = useProfile();
  return (
    <>
      <PageHeader title={t("accountProfile.title")} breadcrumbs={[home]} />
      <RemoteData query={query} errorTitle={t("accountProfile.body.notLoaded")}>
        {(profile) => <ProfileForm savedEmail={profile.emailAddress} />}
      </RemoteData>
    </>
  );
}

function ProfileForm({ savedEmail }: { savedEmail: string }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText(CATALOGS);
  const queryClient = useQueryClient();
  const { reload } = useStartup();
  const [email, setEmail] = useState(savedEmail);
  const [password1, setPassword1] = useState("");
  const [password2, setPassword2] = useState("");
  const [current, setCurrent] = useState("");
  const [problem, setProblem] = useState<PasswordProblem | "currentMissing" | "emailMissing" | null>(null);
  const save = useSaveProfile({ email, password1, password2, current }, {
    onSuccess: () => {
      setPassword1("");
      setPassword2("");
      setCurrent("");
      queryClient.setQueryData(profileKey, { emailAddress: email.trim() });
      // The header and the sign-in name follow the new address.
      if (email.trim() !== savedEmail) void reload();
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.reset();
    // The same rules the server applies, so a form it would refuse is not sent.
    const found = !email.trim() ? "emailMissing" : password1 || password2 ? passwordProblem(password1, password2) : null;
    const next = found ?? (current ? null : "currentMissing");
    setProblem(next);
    if (!next) save.mutate();
  };

  const passwordMessage = problem && problem !== "currentMissing" && problem !== "emailMissing" ? t(`activate.${problem}`) : null;
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} maw={560}>
      <form onSubmit={submit} noValidate aria-busy={save.isPending}>
        <Stack gap="md">
          <Text size="sm" c="gray.7">
            {t("accountProfile.intro")}
          </Text>
          {save.isSuccess && (
            <Alert color="green" variant="light" role="status">
              {t("accountProfile.body.profileUpdated")}
            </Alert>
          )}
          <FormError message={save.isError ? errorText(save.error) : null} />
          <TextInput
            label={t("accountProfile.email")}
            type="email"
            autoComplete="email"
            required
            maxLength={PROFILE_EMAIL_MAX}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={problem === "emailMissing" ? t("accountProfile.body.emailRequired") : null}
          />
          <PasswordInput
            label={t("accountProfile.newPassword")}
            description={t("accountProfile.newPasswordHint")}
            autoComplete="new-password"
            maxLength={PROFILE_PASSWORD_MAX}
            value={password1}
            onChange={(e) => setPassword1(e.currentTarget.value)}
            error={problem === "pleaseProvidePassword" || problem === "passwordTooWeak" ? passwordMessage : null}
            visibilityToggleButtonProps={{ "aria-label": t("login.showPassword") }}
          />
          <PasswordInput
            label={t("accountProfile.retypePassword")}
            autoComplete="new-password"
            maxLength={PROFILE_PASSWORD_MAX}
            value={password2}
            onChange={(e) => setPassword2(e.currentTarget.value)}
            error={problem === "passwordsMustMatch" ? passwordMessage : null}
            visibilityToggleButtonProps={{ "aria-label": t("login.showPassword") }}
          />
          <PasswordInput
            label={t("accountProfile.currentPassword")}
            description={t("accountProfile.currentPasswordHint")}
            autoComplete="current-password"
            required
            maxLength={200}
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            error={problem === "currentMissing" ? t("accountProfile.body.currentPasswordRequired") : null}
            visibilityToggleButtonProps={{ "aria-label": t("login.showPassword") }}
          />
          <Button type="submit" loading={save.isPending} style={{ alignSelf: "flex-start" }}>
            {t("accountProfile.update")}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
