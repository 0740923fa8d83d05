import { useState, type FormEvent } from "react";
import { Alert, Button, Group, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { PROCTOR_PASSWORD_MAX, proctorMessages, type TestShowView } from "@parlance/contract";
import { ApiCallError } from "../../api/client";
import { useAuthorizeProctor } from "./queries";

/**
 * The exam password form (spec §2 "Proctored screens"): the proctor types the password the
 * proctoring desk received by mail; the test can start once it is accepted.
 */
export function ProctorPasswordForm({ show, onDone }: { show: TestShowView; onDone: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const authorize = useAuthorizeProctor(show, {
    onSuccess: () => onDone(),
    onError: (err) => {
      // The spec's two texts: a wrong password, and everything else. Bad input and a locked form say why.
      if (err instanceof ApiCallError && err.status === 422) setProblem(t("proctor.messages.passwordIncorrect"));
      else if (err instanceof ApiCallError && (err.status === 400 || err.status === 429) && err.messageKey) setProblem(t(err.messageKey, { defaultValue: err.message }));
      else setProblem(t("proctor.messages.otherFailure"));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password.trim() === "") {
      setProblem(t("proctor.messages.passwordRequired", { defaultValue: proctorMessages.passwordRequired }));
      return;
    }
    setProblem(null);
    authorize.mutate(password);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="proctor-password-title">
      <Stack gap="sm">
        <Title order={3} id="proctor-password-title">
          {t("proctor.password.title")}
        </Title>
        <Text size="sm">{t("proctor.password.intro")}</Text>
        <PasswordInput
          label={t("proctor.password.label")}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          maxLength={PROCTOR_PASSWORD_MAX}
          autoComplete="off"
          required
          error={problem !== null}
          aria-describedby={problem ? "proctor-password-problem" : undefined}
          style={{ maxWidth: 320 }}
        />
        {problem && (
          <Alert color="red" id="proctor-password-problem" role="alert">
            {problem}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={authorize.isPending}>
            {t("proctor.password.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
