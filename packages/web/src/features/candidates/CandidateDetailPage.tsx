import { useEffect, useRef, type ReactNode } from "react";
import { Alert, Anchor, Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { openConfirm } from "../../ui/modals";
import { useTranslation } from "../../i18n";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { reportRoutes, timeZoneById, US_REGIONS, type CandidateDetail } from "@parlance/contract";
import { useStartup } from "../../ui/startup";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { formatDate } from "../../i18n/format";
import { RemoteData } from "../../ui/RemoteData";
import { notifyResult } from "../../ui/form";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { hrefOf } from "../../api/client";
import { CandidateTests } from "../history";
import { AssignTests } from "../assignment";
import { candidateCatalogs, useActivateCandidate, useCandidate, useNotifyCandidate } from "./queries";
import { useDeleteCandidate } from "./useDeleteCandidate";
import { candidatePath, CANDIDATES_PATH, editCandidatePath, parseCandidateId } from "./paths";
import { CandidateNotFound, isNotFound } from "./CandidateNotFound";

type Action = "notify" | "activate";

/**
 * /testing/candidates/:id: the profile, what can be done with the candidate, their tests, the
 * assign-tests form and their certificates. /testing/candidates/:id/notify and /activate are the
 * same page asking to confirm that action at once.
 */
export default function CandidateDetailPage() {
  const id = parseCandidateId(useParams().id);
  const { pathname } = useLocation();
  const action: Action | null = pathname.endsWith("/notify") ? "notify" : pathname.endsWith("/activate") ? "activate" : null;
  return id === null ? <CandidateNotFound /> : <LoadedCandidate id={id} action={action} />;
}

function LoadedCandidate({ id, action }: { id: number; action: Action | null }) {
  const query = useCandidate(id);
  return (
    <RemoteData query={query} renderError={(err) => (isNotFound(err) ? <CandidateNotFound /> : undefined)} skeletonRows={6}>
      {(candidate) => <CandidateView candidate={candidate} action={action} />}
    </RemoteData>
  );
}

function CandidateView({ candidate: c, action }: { candidate: CandidateDetail; action: Action | null }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const navigate = useNavigate();
  const { home, testing } = useStandardCrumbs();
  const errorText = useApiErrorText(candidateCatalogs);
  const notify = useNotifyCandidate();
  const activate = useActivateCandidate();
  const { requestDelete, deleting } = useDeleteCandidate({ onDeleted: () => navigate(CANDIDATES_PATH) });

  const confirmAction = (which: Action) => {
    const mutation = which === "notify" ? notify : activate;
    openConfirm({
      title: t(`candidates.detail.${which}Title`),
      children: <Text size="sm">{t(`candidates.detail.${which}Text`, { name: c.displayAs })}</Text>,
      labels: { confirm: t("candidates.detail.send"), cancel: t("ui.cancel") },
      closeButtonProps: { "aria-label": t("ui.close") },
      centered: true,
      onConfirm: () =>
        mutation.mutate(c.id, {
          onSuccess: () => notifyResult(t(which === "notify" ? "candidates.messages.notified" : "candidates.messages.activationSent"), true),
          onError: (err) => notifyResult(errorText(err), false),
        }),
      // The /notify and /activate paths come back to the candidate's page either way.
      onClose: () => {
        if (action) navigate(candidatePath(c.id), { replace: true });
      },
    });
  };

  // Opening /notify or /activate asks at once (once, even under StrictMode's double effects).
  const asked = useRef(false);
  useEffect(() => {
    if (action && !asked.current) {
      asked.current = true;
      confirmAction(action);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [action]);

  const actions = (
    <>
      <Button component={Link} to={editCandidatePath(c.id)} variant="light">
        {t("candidates.detail.edit")}
      </Button>
      <Button variant="light" onClick={() => confirmAction("notify")} loading={notify.isPending}>
        {t("candidates.detail.notify")}
      </Button>
      <Button variant="light" onClick={() => confirmAction("activate")} loading={activate.isPending}>
        {t("candidates.detail.activate")}
      </Button>
      <Button color="red" variant="light" onClick={() => requestDelete(c)} loading={deleting === c.id} disabled={c.testInProgress}>
        {t("candidates.detail.delete")}
      </Button>
    </>
  );

  const none = t("candidates.detail.none");
  const region = US_REGIONS.find((r) => r.id === c.state)?.name ?? c.state;
  const address = [c.streetAddress, [c.city, [region, c.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ")].filter(Boolean).join(", ");
  const signIn = !c.hasUser ? t("candidates.detail.signInNone") : c.isActivated ? t("candidates.detail.signInActive") : t("candidates.detail.signInPending");
  const role = c.healthCareRole ? (c.healthCareSpecialty ? `${c.healthCareRole.name} – ${c.healthCareSpecialty.name}` : c.healthCareRole.name) : t("candidates.detail.noRole");

  return (
    <>
      <PageHeader title={c.displayAs} breadcrumbs={[home, testing, { label: t("candidates.title"), to: CANDIDATES_PATH }]} actions={actions} />
      {c.testInProgress && (
        <Alert color="yellow" variant="light" mb="md" role="status">
          {t("candidates.detail.inProgress")}
        </Alert>
      )}

      <Paper withBorder p={{ base: "md", sm: "lg" }} mb="lg" component="section" aria-labelledby="candidate-profile">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="lg" id="candidate-profile">
            {t("candidates.detail.profile")}
          </Title>
          <Badge variant="light" color={c.openTests > 0 ? "indigo" : "gray"}>
            {t("candidates.detail.openTests", { count: c.openTests })}
          </Badge>
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" m={0}>
          <Fact term={t("candidates.detail.employeeId")} value={c.employeeId || none} />
          <Fact term={t("candidates.detail.email")} value={c.emailAddress || none} />
          <Fact term={t("candidates.detail.office")} value={c.office?.name ?? t("candidates.detail.noOffice")} />
          <Fact term={t("candidates.detail.language")} value={t(`candidates.languages.${c.languageId}`, { defaultValue: String(c.languageId) })} />
          <Fact term={t("candidates.detail.adjustments")} value={c.adjustments ? t("ui.yes") : t("ui.no")} />
          <Fact term={t("candidates.detail.signIn")} value={signIn} />
          {c.includeHealthCareRoles && <Fact term={t("candidates.detail.healthCareRole")} value={role} />}
          {c.usesProctorService && (
            <>
              <Fact term={t("candidates.detail.phone")} value={c.phoneNumber || none} />
              <Fact term={t("candidates.detail.address")} value={address || none} />
              <Fact term={t("candidates.detail.timeZone")} value={t(`candidates.timeZones.${c.timeZoneId}`, { defaultValue: timeZoneById(c.timeZoneId).displayAs })} />
            </>
          )}
          <Fact term={t("candidates.detail.added")} value={formatDate(c.createdAt, language)} />
          <Fact term={t("candidates.detail.notes")} value={c.notes || none} />
        </SimpleGrid>
        {c.includeHealthCareRoles && (
          <Anchor component={Link} to="/testing/candidates/healthcare_roles" size="sm" mt="md" display="inline-block">
            {t("candidates.detail.allRoles")}
          </Anchor>
        )}
      </Paper>

      <Stack gap="lg">
        <CandidateTests candidateId={c.id} />
        <AssignTests candidateId={c.id} />
        <Certificates candidate={c} />
      </Stack>
    </>
  );
}

function Certificates({ candidate: c }: { candidate: CandidateDetail }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const day = (d: string) => formatDate(`${d}T12:00:00Z`, language);
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby="candidate-certificates">
      <Title order={2} fz="lg" id="candidate-certificates" mb="xs">
        {t("candidates.detail.certificates")}
      </Title>
      {c.certificates.length === 0 ? (
        <Text c="gray.7">{t("candidates.detail.certificatesNone")}</Text>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="gray.7">
            {t("candidates.detail.certificatesIntro")}
          </Text>
          {c.certificates.map((cert) => (
            <Stack key={cert.type} gap={4}>
              <Group gap="sm" justify="space-between" wrap="wrap">
                <Title order={3} fz="md">
                  {t(`candidates.detail.certificateTypes.${cert.type}`)}
                </Title>
                {/* A PDF the server makes (results area): a plain link, not a route of the app. */}
                <Button
                  component="a"
                  href={hrefOf(reportRoutes.certificate, { id: c.id }, { type: cert.type, min_test_date: cert.minTestDate })}
                  download
                  variant="light"
                  size="xs"
                  aria-label={t("certificates.downloadLabel", { type: t(`candidates.detail.certificateTypes.${cert.type}`) })}
                >
                  {t("certificates.download")}
                </Button>
              </Group>
              <Text size="sm" c="gray.7">
                {t(`candidates.detail.certificateRules.${cert.type}`, { date: day(cert.minTestDate) })}
              </Text>
              <List size="sm" spacing={2}>
                {cert.tests.map((x) => (
                  <List.Item key={x.candidateTestId}>{t("candidates.detail.certificateTest", { test: x.description, date: day(x.date), score: x.score })}</List.Item>
                ))}
              </List>
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function Fact({ term, value }: { term: string; value: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="sm" c="gray.7">
        {term}
      </Text>
      <Text component="dd" fw={500} m={0} style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </Stack>
  );
}
