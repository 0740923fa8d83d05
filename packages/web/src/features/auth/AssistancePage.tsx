import { useState, type FormEvent } from "react";
import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { FormError } from "../../ui/FormError";
import { Link } from "react-router";
import { authRoutes } from "@parlance/contract";
import { ApiCallError, call } from "../../api/client";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { AuthCard } from "./AuthCard";
import { looksLikeEmail } from "./email";

/**
 * /assistance: mails a single-use password reset link. The answer is the same whether or not an
 * account uses the address, so the page cannot be used to find out who has an account.
 */
export default function AssistancePage() {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setEmailError(null);
    setFormError(null);
    const value = email.trim();
    if (!looksLikeEmail(value)) return setEmailError(t("assistance.invalidEmail"));
    setBusy(true);
    try {
      await call(authRoutes.sendPasswordReset, { email_address: value });
      setSent(true);
    } catch (err) {
      // A 400 here can only be about the address: show the localized email error on the field.
      if (err instanceof ApiCallError && err.status === 400) setEmailError(t("assistance.invalidEmail"));
      else setFormError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t("assistance.title")} lead={sent ? undefined : t("assistance.lead")}>
      {sent ? (
        <Alert color="green" variant="light" role="status">
          <Text fw={700} mb={4}>
            {t("assistance.sentTitle")}
          </Text>
          <Text size="sm">{t("assistance.sent", { email: email.trim() })}</Text>
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-busy={busy}>
          <Stack gap="md">
            <FormError message={formError} />
            <TextInput
              label={t("assistance.email")}
              type="email"
              autoComplete="email"
              maxLength={125}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={emailError}
              autoFocus
            />
            <Button type="submit" loading={busy} fullWidth>
              {t("assistance.send")}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm">
        {t("assistance.backToLogin")}
      </Anchor>
    </AuthCard>
  );
}
