import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { useTranslation } from "../../../i18n";
import { Fact } from "./Fact";
import { credentialFromText, formatVerificationKey, verifyMessages, type CredentialReport, type VerifiedResult } from "@parlance/contract";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { PageHeader } from "../../../ui/PageHeader";
import { useStartup } from "../../../ui/startup";
import { formatDate } from "../../../i18n/format";
import { RemoteData } from "../../../ui/RemoteData";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { useVerifiedResult } from "./queries";
import { checkInBrowser } from "./credentialCheck";
import { CredentialReportView } from "./CredentialReportView";
import { LogInclusionPanel } from "../../result-log";

const catalogs = { "resultVerify.messages": verifyMessages };

/**
 * /testing/results/verified/{key}: the public page of a verified key. It shows just enough to
 * confirm a printed result — the candidate's name, the test, its date and the level with its
 * equivalents — and nothing else about the candidate or the client.
 */
export default function VerifiedPage() {
  const { t } = useTranslation();
  const { home } = useStandardCrumbs();
  const { key = "" } = useParams();
  const { hash } = useLocation();
  // The QR code's address carries the credential in its fragment: checked here, our database unasked.
  const carried = /[#&]vc=/.test(hash);
  return (
    <>
      <PageHeader title={t("resultVerify.verified.title")} breadcrumbs={[home, { label: t("resultVerify.title"), to: "/testing/results/verify" }]} />
      <Stack gap="md" maw={640}>
        {carried ? <CarriedCredential hash={hash} /> : <KeyResult verificationKey={key} />}
        <Group gap="lg">
          <Anchor component={Link} to="/testing/results/verify">
            {t("resultVerify.verified.another")}
          </Anchor>
          <Anchor component={Link} to="/testing/scales">
            {t("resultVerify.verified.scales")}
          </Anchor>
        </Group>
      </Stack>
    </>
  );
}

/** The result by its key, as our database has it. */
function KeyResult({ verificationKey }: { verificationKey: string }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText(catalogs);
  const query = useVerifiedResult(verificationKey);
  return (
    <RemoteData
      query={query}
      renderError={(err) => (
        <Alert color="red" variant="light" role="alert" title={t("resultVerify.verified.loadFailed")}>
          <Text size="sm">{errorText(err)}</Text>
        </Alert>
      )}
    >
      {(r) => (
        <>
          <ResultCard result={r} />
          <LogInclusionPanel verificationKey={r.verificationKey} />
        </>
      )}
    </RemoteData>
  );
}

/** The credential in the address, checked in the browser against the published keys. */
function CarriedCredential({ hash }: { hash: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ report: CredentialReport } | "checking" | "notFound">("checking");
  useEffect(() => {
    let live = true;
    void (async () => {
      const jwt = await credentialFromText(hash);
      const next = jwt ? { report: await checkInBrowser(jwt) } : ("notFound" as const);
      if (live) setState(next);
    })();
    return () => {
      live = false;
    };
  }, [hash]);
  if (state === "checking") return <Text role="status">{t("resultVerify.credential.checking")}</Text>;
  if (state === "notFound") return <Alert color="red" variant="light" role="alert">{t("resultVerify.credential.notFound")}</Alert>;
  return (
    <>
      <Text size="sm">{t("resultVerify.credential.fromQr")}</Text>
      <CredentialReportView report={state.report} />
    </>
  );
}

function ResultCard({ result: r }: { result: VerifiedResult }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const equivalents = r.cefr ? `CEFR ${r.cefr} · ILR ${r.ilr} · ACTFL ${r.actfl ? t(`scales.actfl.${r.actfl}`) : ""}` : null;
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }}>
      <Alert color="green" variant="light" role="status" mb="md">
        {t("resultVerify.verified.intro", { key: formatVerificationKey(r.verificationKey) })}
      </Alert>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" m={0}>
        <Fact term={t("resultVerify.verified.candidate")} value={r.candidateName} />
        <Fact term={t("resultVerify.verified.test")} value={r.test} />
        <Fact term={t("resultVerify.verified.date")} value={formatDate(`${r.testDate}T12:00:00Z`, language)} />
        <Fact term={t("resultVerify.verified.level")} value={<Text fw={700} fz="xl" component="span">{r.level}</Text>} />
        {equivalents && <Fact term={t("resultVerify.verified.equivalents")} value={equivalents} />}
      </SimpleGrid>
    </Paper>
  );
}

