import type { RouteDef } from "./route.js";
import { authRoutes } from "./auth/routes.js";
import { mailRoutes } from "./mail/routes.js";
import { officeRoutes } from "./settings/offices.js";
import { proctorServiceRoutes } from "./settings/proctor-service.js";
import { userRoutes } from "./settings/users.js";
import { testGroupRoutes } from "./settings/test-groups.js";
import { recipientRoutes } from "./settings/recipients.js";
import { candidateRoutes } from "./candidates/routes.js";
import { historyRoutes } from "./history/history.js";
import { assignmentRoutes } from "./assignment/assignment.js";
import { trackRoutes } from "./tracks/tracks.js";
import { healthcareRoutes } from "./healthcare/roles.js";
import { takingRoutes } from "./taking/taking.js";
import { takingShowRoutes } from "./taking/show.js";
import { takingListRoutes } from "./taking/list.js";
import { takingLiveRoutes } from "./taking/live.js";
import { proctoringRoutes } from "./proctoring/proctoring.js";
import { takingMediaRoutes } from "./taking/media.js";
import { takingPaperRoutes } from "./taking/paper.js";
import { scoringRoutes } from "./results/scoring.js";
import { evaluatorRoutes } from "./results/evaluators.js";
import { verifyRoutes } from "./results/verify.js";
import { resultLogRoutes } from "./result-log/routes.js";
import { reportRoutes } from "./results/reports.js";
import { credentialRoutes } from "./results/credentials.js";
import { availabilityRoutes } from "./availability/availability.js";
import { schedulingRoutes } from "./scheduling/routes.js";
import { evaluatorScheduleRoutes } from "./evaluator-schedule/routes.js";
import { proctoringReservationRoutes } from "./proctoring/reservations.js";
import { proctoringTestRoutes } from "./proctoring/tests.js";
import { invoiceRoutes } from "./payments/invoices.js";
import { prepayRoutes } from "./payments/prepay.js";
import { translationChargeRoutes } from "./payments/translation-charges.js";
import { paymentRoutes, testProcessorRoutes } from "./payments/card.js";
import { paperPackageRoutes } from "./paper-packages/packages.js";
import { uploadRoutes } from "./upload/routes.js";
import { devPhoneRoutes, phoneCallRoutes } from "./calls/phone.js";
import { adminRoutes } from "./admin/index.js";
import { ssoRoutes } from "./sso/routes.js";
import { ivrResultRoutes, webIvrRoutes } from "./calls/ivr.js";
import { videoRoutes } from "./video/video.js";
import { adminNewsRoutes, newsRoutes } from "./news/routes.js";
import { overviewRoutes } from "./overview/routes.js";
import { accountRoutes } from "./account/profile.js";
import { helpRoutes } from "./help/help.js";
import { interpretationRoutes } from "./interpretation/interpretation.js";
import { contactRoutes } from "./contact/contact.js";
import { backofficeAccountRoutes } from "./backoffice/accounts.js";
import { backofficeEvaluatorRoutes } from "./backoffice/staff-evaluators.js";
import { backofficeStaffRoutes } from "./backoffice/staff.js";
import { catalogueRoutes } from "./backoffice/catalogue.js";
import { backofficeContentRoutes } from "./backoffice/content.js";
import { backofficeQtiRoutes } from "./backoffice/qti.js";

/**
 * Every area of the API by name: the one list the server implements (each name needs its
 * handlers, checked by the compiler), the API docs describe and the route tests walk.
 */
export const apiAreas = {
  auth: authRoutes,
  mail: mailRoutes,
  offices: officeRoutes,
  proctorService: proctorServiceRoutes,
  users: userRoutes,
  testGroups: testGroupRoutes,
  recipients: recipientRoutes,
  candidates: candidateRoutes,
  history: historyRoutes,
  assignment: assignmentRoutes,
  tracks: trackRoutes,
  healthcare: healthcareRoutes,
  taking: takingRoutes,
  takingShow: takingShowRoutes,
  takingList: takingListRoutes,
  takingLive: takingLiveRoutes,
  proctoring: proctoringRoutes,
  takingMedia: takingMediaRoutes,
  takingPaper: takingPaperRoutes,
  scoring: scoringRoutes,
  evaluators: evaluatorRoutes,
  verify: verifyRoutes,
  reports: reportRoutes,
  resultLog: resultLogRoutes,
  credentials: credentialRoutes,
  availability: availabilityRoutes,
  scheduling: schedulingRoutes,
  evaluatorSchedule: evaluatorScheduleRoutes,
  proctoringReservations: proctoringReservationRoutes,
  proctoringTests: proctoringTestRoutes,
  invoices: invoiceRoutes,
  prepay: prepayRoutes,
  translationCharges: translationChargeRoutes,
  payments: paymentRoutes,
  testProcessor: testProcessorRoutes,
  paperPackages: paperPackageRoutes,
  upload: uploadRoutes,
  phoneCalls: phoneCallRoutes,
  devPhone: devPhoneRoutes,
  admin: adminRoutes,
  sso: ssoRoutes,
  webIvr: webIvrRoutes,
  ivrResults: ivrResultRoutes,
  video: videoRoutes,
  news: newsRoutes,
  adminNews: adminNewsRoutes,
  overview: overviewRoutes,
  account: accountRoutes,
  help: helpRoutes,
  interpretation: interpretationRoutes,
  contact: contactRoutes,
  backofficeAccounts: backofficeAccountRoutes,
  backofficeStaff: backofficeStaffRoutes,
  backofficeEvaluators: backofficeEvaluatorRoutes,
  backofficeCatalogue: catalogueRoutes,
  backofficeContent: backofficeContentRoutes,
  backofficeQti: backofficeQtiRoutes,
} as const;

export type ApiAreas = typeof apiAreas;
export type AreaName = keyof ApiAreas;

/** Every route of every area. */
export const apiRoutes = (): RouteDef[] => Object.values(apiAreas).flatMap((area) => Object.values(area) as RouteDef[]);
