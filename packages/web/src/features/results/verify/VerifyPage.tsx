import { useState, type FormEvent } from "react";
import { Anchor, Button, Paper, Stack, Text, TextInput } from "@mantine/core";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "../../../i18n";
import { normalizeVerificationKey, verifyMessages, verifyRoutes } from "@parlance/contract";
import { call } from "../../../api/client";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { PageHeader } from "../../../ui/PageHeader";
import { FormError } from "../../../ui/FormError";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { CredentialForm } from "./CredentialForm";

const catalogs = { "resultVerify.messages": verifyMessages };

/**
 * /testing/results/verify (spec §2 "Result verification"): enter a result key. Public: works
 * signed out. A key the server confirms leads to its verification page; the spec's two messages
 * (a malformed key, no match) and the rate limit's are shown as the server words them. Below it,
 * a credential is checked entirely in the browser (CredentialForm), with our database or not.
 */
export default function VerifyPage() {
  const { t } = useTranslation();
  const { home } = useStandardCrumbs();
  const navigate = useNavigate();
  const errorText = useApiErrorText(catalogs);
  const [key, setKey] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFieldError(null);
    setFormError(null);
    if (key.trim() === "") return setFieldError(t("resultVerify.keyRequired"));
    // The same check as the server's: a key that cannot be one is answered without a request.
    if (normalizeVerificationKey(key) === null) return setFieldError(t("resultVerify.messages.malformed"));
    setBusy(true);
    try {
      const { link } = await call(verifyRoutes.verify, { verification_key: key });
      void navigate(link);
    } catch (err) {
      setFormError(errorText(err));
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader title={t("resultVerify.title")} breadcrumbs={[home]} />
      <Paper withBorder p={{ base: "md", sm: "lg" }} maw={560}>
        <form onSubmit={onSubmit} noValidate aria-busy={busy}>
          <Stack gap="md">
            <Text>{t("resultVerify.intro")}</Text>
            <FormError message={formError} />
            <TextInput
              label={t("resultVerify.keyLabel")}
              description={t("resultVerify.keyHint")}
              value={key}
              onChange={(e) => setKey(e.currentTarget.value)}
              error={fieldError}
              maxLength={60}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", letterSpacing: "0.05em" } }}
              autoFocus
            />
            <Button type="submit" loading={busy} style={{ alignSelf: "flex-start" }}>
              {t("resultVerify.submit")}
            </Button>
          </Stack>
        </form>
      </Paper>
      <CredentialForm />
      <Anchor component={Link} to="/testing/scales" mt="md" display="inline-block">
        {t("resultVerify.verified.scales")}
      </Anchor>
    </>
  );
}
