import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { Link, useParams } from "react-router";
import { useTranslation } from "../../../i18n";
import { formatVerificationKey, verifyMessages, type VerifiedResult } from "@parlance/contract";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { PageHeader } from "../../../ui/PageHeader";
import { useStartup } from "../../../ui/startup";
import { formatDate } from "../../../i18n/format";
import { RemoteData } from "../../../ui/RemoteData";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { useVerifiedResult } from "./queries";

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
  const errorText = useApiErrorText(catalogs);
  const query = useVerifiedResult(key);
  return (
    <>
      <PageHeader title={t("resultVerify.verified.title")} breadcrumbs={[home, { label: t("resultVerify.title"), to: "/testing/results/verify" }]} />
      <Stack gap="md" maw={640}>
        <RemoteData
          query={query}
          renderError={(err) => (
            <Alert color="red" variant="light" role="alert" title={t("resultVerify.verified.loadFailed")}>
              <Text size="sm">{errorText(err)}</Text>
            </Alert>
          )}
        >
          {(r) => <ResultCard result={r} />}
        </RemoteData>
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

function Fact({ term, value }: { term: string; value: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="sm" c="gray.7">
        {term}
      </Text>
      <Text component="dd" m={0}>
        {value}
      </Text>
    </Stack>
  );
}
