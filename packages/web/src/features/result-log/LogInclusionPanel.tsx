import { Alert, Badge, Button, Code, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useCallback, useEffect, useId, useState } from "react";
import { checkInclusion, trustedKeysOf, type InclusionCheck, type ResultLogInclusion } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { useStartup } from "../../ui/startup";
import { formatDateTime } from "../../i18n/format";
import { logInclusion, logKeys } from "./logSource";

type State = { kind: "checking" } | { kind: "unavailable" } | { kind: "noEntries" } | { kind: "checked"; check: InclusionCheck; proof: ResultLogInclusion };

/**
 * The verified-result page's "log inclusion": in this browser, the log's signed checkpoint against
 * the published log key, then each of the key's entries hashed up the inclusion proof to the
 * signed root (docs/verification.md "The result log"). The proof itself can be shown.
 */
export function LogInclusionPanel({ verificationKey }: { verificationKey: string }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const [state, setState] = useState<State>({ kind: "checking" });
  const [open, setOpen] = useState(false);
  const proofId = useId();

  const run = useCallback(async () => {
    setState({ kind: "checking" });
    const [keys, proof] = await Promise.all([logKeys(), logInclusion(verificationKey)]);
    if (!keys || proof === null) return { kind: "unavailable" } as const;
    if (proof === "noEntries") return { kind: "noEntries" } as const;
    return { kind: "checked", check: await checkInclusion(proof, trustedKeysOf(keys), keys.origin), proof } as const;
  }, [verificationKey]);

  useEffect(() => {
    let live = true;
    void run().then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, [run]);

  const retry = () => void run().then(setState);
  const reasonText = (reason: string, index?: number) => t(`resultVerify.checks.logInclusion.${reason}`, { index: String(index ?? "") });

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} data-testid="log-inclusion">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("resultLog.check.title")}
        </Title>
        {state.kind === "checking" && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">{t("resultLog.check.checking")}</Text>
          </Group>
        )}
        {state.kind === "unavailable" && (
          <Alert color="yellow" variant="light" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t("resultLog.check.unavailable")}</Text>
              <Button size="xs" variant="light" onClick={retry}>
                {t("resultLog.check.retry")}
              </Button>
            </Stack>
          </Alert>
        )}
        {state.kind === "noEntries" && (
          <Alert color="red" variant="light" role="alert" title={t("resultLog.check.failed")}>
            {reasonText("noEntries")}
          </Alert>
        )}
        {state.kind === "checked" && !state.check.ok && (
          <Alert color="red" variant="light" role="alert" title={t("resultLog.check.failed")}>
            {reasonText(state.check.reason, state.check.index)}
          </Alert>
        )}
        {state.kind === "checked" && state.check.ok && (
          <Alert color="green" variant="light" role="status">
            <Stack gap={4}>
              <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                {t("resultLog.check.ok", {
                  indices: state.check.entries.map((e) => e.index).join(", "),
                  size: String(state.check.checkpoint.size),
                  time: formatDateTime(state.check.checkpoint.time, language),
                })}
              </Text>
              <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                {t("resultLog.check.okDetail", { keyId: [...state.check.key.keyId].map((b) => b.toString(16).padStart(2, "0")).join("") })}
              </Text>
            </Stack>
          </Alert>
        )}
        {state.kind === "checked" && (
          <>
            <Button variant="subtle" size="compact-sm" aria-expanded={open} aria-controls={proofId} onClick={() => setOpen((o) => !o)} style={{ alignSelf: "flex-start" }}>
              {open ? t("resultLog.check.hideProof") : t("resultLog.check.showProof")}
            </Button>
            {open && <ProofDetails id={proofId} proof={state.proof} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** The signed checkpoint and, for each entry, its exact bytes and its audit path. */
function ProofDetails({ id, proof }: { id: string; proof: ResultLogInclusion }) {
  const { t } = useTranslation();
  const typeOf = (entry: string) => {
    try {
      return t(`resultLog.check.types.${(JSON.parse(entry) as { type: string }).type}`);
    } catch {
      return "";
    }
  };
  return (
    <Stack gap="sm" id={id}>
      <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {proof.checkpoint.note}
      </Code>
      {proof.entries.map((e) => (
        <Stack key={e.index} gap={4}>
          <Group gap="xs">
            <Text fw={600} size="sm">
              {t("resultLog.check.entry", { index: String(e.index) })}
            </Text>
            <Badge variant="light">{typeOf(e.entry)}</Badge>
          </Group>
          <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {e.entry}
          </Code>
          <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {e.proof.join("\n")}
          </Code>
        </Stack>
      ))}
    </Stack>
  );
}
