import { useState, type FormEvent } from "react";
import { Button, PasswordInput, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { FormError } from "../../ui/FormError";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { passwordProblem } from "@parlance/contract";

/**
 * New password + retype, checked with the server's own rules before anything is sent (a form
 * with a problem is blocked). `save` performs the request; its failure is shown above the fields.
 */
export function NewPasswordForm({ username, submitLabel, save }: { username?: string; submitLabel: string; save(password: string, password2: string): Promise<void> }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const [password, setPassword] = useState("");
  const [password2, setPassword2] = useState("");
  const [problem, setProblem] = useState<ReturnType<typeof passwordProblem>>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const found = passwordProblem(password, password2);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      await save(password, password2);
    } catch (err) {
      setFormError(errorText(err));
      setBusy(false);
    }
  }

  const message = problem && t(`activate.${problem}`);
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy}>
      <Stack gap="md">
        <FormError message={formError} />
        {username && (
          // Lets a password manager file the new password under the right account.
          <>
            <Text size="sm">{t("activate.forAccount", { username })}</Text>
            <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          </>
        )}
        <PasswordInput
          label={t("activate.newPassword")}
          description={t("activate.rules")}
          autoComplete="new-password"
          maxLength={100}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={problem === "pleaseProvidePassword" || problem === "passwordTooWeak" ? message : null}
          visibilityToggleButtonProps={{ "aria-label": t("login.showPassword") }}
          autoFocus
        />
        <PasswordInput
          label={t("activate.retypePassword")}
          autoComplete="new-password"
          maxLength={100}
          value={password2}
          onChange={(e) => setPassword2(e.currentTarget.value)}
          error={problem === "passwordsMustMatch" ? message : null}
          visibilityToggleButtonProps={{ "aria-label": t("login.showPassword") }}
        />
        <Button type="submit" loading={busy} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
