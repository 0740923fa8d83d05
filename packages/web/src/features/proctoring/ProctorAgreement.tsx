import { useState, type FormEvent } from "react";
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { PROCTOR_NAME_MAX, proctorMessages, type TestShowView } from "@parlance/contract";
import { ApiCallError } from "../../api/client";
import { useStartup } from "../../ui/startup";
import { formatDate } from "../../i18n/format";
import { agreementSections, printableAgreement, printHtml } from "./agreementText";
import { useSignAgreement } from "./queries";

/**
 * The proctor agreement screen (spec §2): the instructions, the proctor's full name, I Agree,
 * today's date and Submit Agreement. It can be printed before submission; once submitted it is
 * not shown again (the server records one agreement per group and Tests Show stops asking).
 */
export function ProctorAgreement({ show, onDone }: { show: TestShowView; onDone: () => void }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const [name, setName] = useState("");
  const [agree, setAgree] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const today = formatDate(new Date(), language);

  const send = useSignAgreement(show, name, {
    onSuccess: () => {
      setSubmitted(true);
      onDone();
    },
    onError: (err) => {
      if (err instanceof ApiCallError && err.status === 409) {
        // Signed already (another tab, or a colleague): nothing left to do here.
        setSubmitted(true);
        onDone();
      } else if (err instanceof ApiCallError && err.status === 400) setProblem(t(err.messageKey ?? "proctor.messages.mustAgree", { defaultValue: err.message }));
      else setProblem(t("proctor.messages.otherFailure"));
    },
  });

  if (submitted) {
    return (
      <Alert color="green" role="status">
        {t("proctor.agreement.done")}
      </Alert>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === "" || !agree) {
      setProblem(t("proctor.messages.mustAgree", { defaultValue: proctorMessages.mustAgree }));
      return;
    }
    setProblem(null);
    send.mutate();
  };

  const print = () =>
    printHtml(printableAgreement(t, { title: t("proctor.agreement.title"), test: show.description, accessCode: show.accessCode, name: name.trim(), date: today }));

  return (
    <form onSubmit={submit} noValidate aria-labelledby="proctor-agreement-title">
      <Stack gap="sm">
        <Title order={3} id="proctor-agreement-title">
          {t("proctor.agreement.title")}
        </Title>
        <Text size="sm">{t("proctor.agreement.intro")}</Text>
        <Paper withBorder p="md" radius="sm">
          <Stack gap="xs">
            {agreementSections(t).map((s) => (
              <section key={s.key} aria-labelledby={`proctor-agreement-${s.key}`}>
                <Title order={4} id={`proctor-agreement-${s.key}`} mb={4}>
                  {s.heading}
                </Title>
                {s.paragraphs.map((p, i) => (
                  <Text key={i} size="sm" mb={6}>
                    {p}
                  </Text>
                ))}
              </section>
            ))}
            <Text size="sm" fw={500}>
              {t("proctor.agreement.declaration")}
            </Text>
          </Stack>
        </Paper>
        <TextInput
          label={t("proctor.agreement.name")}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={PROCTOR_NAME_MAX}
          autoComplete="name"
          required
          style={{ maxWidth: 360 }}
        />
        <Checkbox label={t("proctor.agreement.agree")} checked={agree} onChange={(e) => setAgree(e.currentTarget.checked)} />
        <Text size="sm">
          {t("proctor.agreement.date")}: {today}
        </Text>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={send.isPending}>
            {t("proctor.agreement.submit")}
          </Button>
          <Button type="button" variant="default" onClick={print}>
            {t("proctor.agreement.print")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
