import { useState, type FormEvent } from "react";
import { Button, FileInput, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { credentialFromText, type CredentialReport } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { FormError } from "../../../ui/FormError";
import { checkInBrowser, credentialsFromFile } from "./credentialCheck";
import { CredentialReportView } from "./CredentialReportView";

/**
 * Check a credential in the browser (issue 28 §3): pasted (the JWT, the JSON form, or the address
 * a result's QR code holds) or read from a file (a result PDF's attachment, a .jwt or .json).
 */
export function CredentialForm() {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reports, setReports] = useState<CredentialReport[]>([]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setReports([]);
    if (text.trim() === "" && !file) return setError(t("resultVerify.credential.required"));
    setBusy(true);
    try {
      const found = file ? await credentialsFromFile(file) : [await credentialFromText(text)].filter((j): j is string => j !== null);
      if (found.length === 0) return setError(t("resultVerify.credential.notFound"));
      const checked = await Promise.all(found.map(checkInBrowser));
      if (checked.every((r) => r.checks.some((c) => c.reason === "noKeys"))) setError(t("resultVerify.credential.keysFailed"));
      setReports(checked);
    } catch {
      setError(t("resultVerify.credential.notFound"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md" maw={640} mt="xl">
      <Paper withBorder p={{ base: "md", sm: "lg" }}>
        <form onSubmit={onSubmit} noValidate aria-busy={busy} aria-labelledby="credential-title">
          <Stack gap="md">
            <Title order={2} size="h3" id="credential-title">
              {t("resultVerify.credential.title")}
            </Title>
            <Text>{t("resultVerify.credential.intro")}</Text>
            <FormError message={error} />
            <Textarea
              label={t("resultVerify.credential.pasteLabel")}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              autosize
              minRows={3}
              maxRows={8}
              spellCheck={false}
              autoComplete="off"
              styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: 12 } }}
            />
            <FileInput label={t("resultVerify.credential.fileLabel")} accept=".pdf,.jwt,.json,application/pdf,application/json,application/vc+jwt" value={file} onChange={setFile} clearable />
            <Button type="submit" loading={busy} style={{ alignSelf: "flex-start" }}>
              {t("resultVerify.credential.check")}
            </Button>
          </Stack>
        </form>
      </Paper>
      <div aria-live="polite">
        {reports.map((r, i) => (
          <CredentialReportView key={i} report={r} />
        ))}
      </div>
    </Stack>
  );
}
