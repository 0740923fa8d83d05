import { Alert, Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { formatVerificationKey, type CheckOutcome, type CredentialReport } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { Fact } from "./Fact";
import { useStartup } from "../../../ui/startup";
import { formatDate } from "../../../i18n/format";

const VERDICT_COLOR = { valid: "green", invalid: "red", revoked: "orange", unconfirmed: "gray" } as const;
// Filled in the darkest shades: white on them reads at 4.5:1 or better (axe).
const OUTCOME_COLOR: Record<CheckOutcome, string> = { passed: "teal.9", failed: "red.9", notChecked: "gray.7" };

/**
 * One credential's check, as the checker made it: the verdict, what the credential says, and each
 * check (CREDENTIAL_CHECKS order) with its outcome and why. What did not pass is never shown as
 * confirmed: the facts of an invalid credential are labelled as its claims.
 */
export function CredentialReportView({ report }: { report: CredentialReport }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const f = report.facts;
  const date = (iso: string | null) => (iso ? formatDate(iso.length === 10 ? `${iso}T12:00:00Z` : iso, language) : "");
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} data-testid="credential-report">
      <Stack gap="md">
        <Alert color={VERDICT_COLOR[report.verdict]} variant="light" role={report.verdict === "valid" ? "status" : "alert"}>
          {t(`resultVerify.credential.verdict.${report.verdict}`)}
        </Alert>
        {f && f.candidateName !== "" && (
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" m={0}>
            <Fact term={t("resultVerify.verified.candidate")} value={f.candidateName} />
            <Fact term={t("resultVerify.verified.test")} value={f.test} />
            <Fact term={t("resultVerify.verified.date")} value={date(f.testDate?.slice(0, 10) ?? null)} />
            <Fact term={t("resultVerify.verified.level")} value={<Text fw={700} fz="xl" component="span">{f.level}</Text>} />
            {f.cefr && <Fact term={t("resultVerify.verified.equivalents")} value={`CEFR ${f.cefr} · ILR ${f.ilr ?? ""} · ACTFL ${f.actfl ?? ""}`} />}
            <Fact term={t("resultVerify.credential.issuer")} value={f.issuerName || f.issuerId} />
            <Fact term={t("resultVerify.credential.validFrom")} value={date(f.validFrom)} />
            {f.verificationKey && <Fact term={t("resultVerify.credential.keyPage")} value={formatVerificationKey(f.verificationKey)} />}
          </SimpleGrid>
        )}
        <Title order={2} size="h4">
          {t("resultVerify.credential.checksTitle")}
        </Title>
        <List listStyleType="none" spacing="sm" p={0} m={0}>
          {report.checks.map((c) => (
            <List.Item key={c.check} data-check={c.check} data-outcome={c.outcome}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Badge color={OUTCOME_COLOR[c.outcome]} variant="filled" style={{ flexShrink: 0 }}>
                  {t(`resultVerify.credential.outcome.${c.outcome}`)}
                </Badge>
                <Stack gap={0}>
                  <Text fw={600} size="sm">
                    {t(`resultVerify.checks.${c.check}.title`)}
                  </Text>
                  <Text size="sm" c="gray.8" style={{ overflowWrap: "anywhere" }}>
                    {t(`resultVerify.checks.${c.check}.${c.reason}`, c.vars)}
                  </Text>
                </Stack>
              </Group>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

