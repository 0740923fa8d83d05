import { Alert, Anchor } from "@mantine/core";
import { Link, Navigate, useParams, useSearchParams } from "react-router";
import type { ProctorSchedulePage as PageData } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { PageHeader } from "../../../ui/PageHeader";
import { useStandardCrumbs, type Crumb } from "../../../ui/Breadcrumbs";
import { RemoteData } from "../../../ui/RemoteData";
import { useStartup } from "../../../ui/startup";
import { ContactNeedsPassword } from "./ContactNeedsPassword";
import { ReservationForm } from "./ReservationForm";
import { ReservationSummary } from "./ReservationSummary";
import { schedulePath, useProctorSchedulePage } from "./queries";

/**
 * Proctoring reservation (client-administration.md §2, §4, §5): /testing/proctor/schedule/{id}?assigned_tests=…
 * The proctoring terms must be accepted and the candidate's contact details complete first (the
 * screen sends the user to those pages and back); then a day, a time with its cost, and confirm, or
 * (the account's staff) let the candidate schedule. A reserved sitting shows its cost, fee and
 * cancellation cut-off instead.
 */
export default function ProctorSchedulePage() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const tests = params.get("assigned_tests") ?? "";
  const page = useProctorSchedulePage(id, tests);
  const staff = page.data && !page.data.isCandidate;
  const crumbs: Crumb[] = staff
    ? [home, testing, { label: t("candidates.title"), to: "/testing/candidates" }, { label: page.data!.candidateDisplayAs, to: `/testing/candidates/${id}` }]
    : [home, testing, { label: t("takeTest.title"), to: "/testing/tests" }];
  return (
    <>
      <PageHeader title={t("proctorReservation.title")} breadcrumbs={crumbs} />
      <RemoteData query={page} skeletonRows={5}>
        {(data) => <Screen data={data} tests={tests} />}
      </RemoteData>
    </>
  );
}

function Screen({ data, tests }: { data: PageData; tests: string }) {
  const here = schedulePath(data.candidateProfileId, tests);
  const back = encodeURIComponent(here);
  if (data.reservation) return <ReservationSummary data={data} reservation={data.reservation} />;
  if (!data.prepayTermsAccepted) return <PrepayTermsFirst />;
  if (!data.termsAccepted) return <Navigate to={`/testing/proctor/terms?return=${back}`} replace />;
  // An access-code session cannot enter the profile's contact details: say what to do instead.
  if (!data.contactComplete && !data.contactEditable) return <ContactNeedsPassword />;
  if (!data.contactComplete) return <Navigate to={`/testing/proctor/contact_details/${data.candidateProfileId}?assigned_tests=${tests}&return=${back}`} replace />;
  return <ReservationForm data={data} />;
}

/** A prepay account accepts its prepay terms (the billing area's page) before proctoring is reserved. */
function PrepayTermsFirst() {
  const { t } = useTranslation();
  const { can } = useStartup();
  return (
    <Alert color="yellow" maw={720}>
      {t("proctorReservation.messages.prepayTermsRequired")}{" "}
      {can("prepay") && (
        <Anchor component={Link} to="/testing/prepay">
          {t("proctorReservation.prepayLink")}
        </Anchor>
      )}
    </Alert>
  );
}
