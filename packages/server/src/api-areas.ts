import type { FastifyInstance } from "fastify";
import { apiAreas, type ApiAreas, type AreaName } from "@parlance/contract";
import type { AppContext } from "./context.js";
import { implementArea, type Area, type AreaHandlers } from "./http/implement-area.js";
import { officeHandlers } from "./settings/offices/routes.js";
import { proctorServiceHandlers } from "./settings/proctor-service/routes.js";
import { userHandlers } from "./settings/users/routes.js";
import { testGroupHandlers } from "./settings/test-groups/routes.js";
import { recipientHandlers } from "./settings/recipients/routes.js";
import { candidateHandlers } from "./candidates/routes.js";
import { historyHandlers } from "./history/routes.js";
import { assignmentHandlers } from "./assignment/routes.js";
import { trackHandlers } from "./tracks/routes.js";
import { healthcareHandlers } from "./healthcare/routes.js";
import { authHandlers } from "./auth/routes.js";
import { mailHandlers } from "./mail/routes.js";
import { takingHandlers } from "./taking/routes.js";
import { takingShowHandlers } from "./taking/show/routes.js";
import { takingListHandlers } from "./taking/list/routes.js";
import { takingLiveHandlers } from "./taking/live/routes.js";
import { proctoringHandlers } from "./proctoring/routes.js";
import { takingMediaHandlers } from "./taking/media/routes.js";
import { takingPaperHandlers } from "./taking/paper/routes.js";
import { scoringHandlers } from "./results/scoring/routes.js";
import { evaluatorHandlers } from "./results/evaluators/routes.js";
import { verifyHandlers } from "./results/verify/routes.js";
import { reportHandlers } from "./results/reports/routes.js";
import { resultLogHandlers } from "./result-log/routes.js";
import { credentialHandlers } from "./results/credentials/routes.js";
import { availabilityHandlers } from "./availability/routes.js";
import { schedulingHandlers } from "./scheduling/routes.js";
import { evaluatorScheduleHandlers } from "./evaluator-schedule/routes.js";
import { proctoringReservationHandlers } from "./proctoring/reservations/routes.js";
import { proctoringTestHandlers } from "./proctoring/tests/routes.js";
import { uploadHandlers } from "./upload/routes.js";
import { ivrResultHandlers, webIvrHandlers } from "./calls/webivr/routes.js";
import { adminNewsHandlers, newsHandlers } from "./news/routes.js";
import { overviewHandlers } from "./overview/routes.js";
import { invoiceHandlers } from "./payments/invoices/routes.js";
import { prepayHandlers } from "./payments/prepay/routes.js";
import { translationChargeHandlers } from "./payments/translation-charges/routes.js";
import { paymentHandlers } from "./payments/routes.js";
import { testProcessorHandlers } from "./payments/test-mode-endpoints.js";
import { paperPackageHandlers } from "./paper-packages/routes.js";
import { devPhoneHandlers, phoneCallHandlers } from "./calls/phone/routes.js";
import { adminHandlers } from "./admin/routes.js";
import { ssoHandlers } from "./sso/routes.js";
import { videoHandlers } from "./video/routes.js";
import { accountHandlers } from "./account/routes.js";
import { helpHandlers } from "./help/routes.js";
import { interpretationHandlers } from "./interpretation/routes.js";
import { contactHandlers } from "./contact/routes.js";
import { catalogueHandlers } from "./backoffice/catalogue/routes.js";
import { backofficeContentHandlers } from "./backoffice/content/routes.js";
import { backofficeQtiHandlers } from "./backoffice/qti/routes.js";
import { backofficeAccountHandlers } from "./backoffice/accounts/routes.js";
import { backofficeEvaluatorHandlers, backofficeStaffHandlers } from "./backoffice/staff/routes.js";

/** The handlers of every contract area: an area without its handlers does not compile. */
type AreaFactories = { [Name in AreaName]: (ctx: AppContext) => AreaHandlers<ApiAreas[Name]> };

const areaHandlers: AreaFactories = {
  offices: officeHandlers,
  proctorService: proctorServiceHandlers,
  users: userHandlers,
  testGroups: testGroupHandlers,
  recipients: recipientHandlers,
  candidates: candidateHandlers,
  history: historyHandlers,
  assignment: assignmentHandlers,
  tracks: trackHandlers,
  healthcare: healthcareHandlers,
  auth: authHandlers,
  mail: mailHandlers,
  taking: takingHandlers,
  takingShow: takingShowHandlers,
  takingList: takingListHandlers,
  takingLive: takingLiveHandlers,
  proctoring: proctoringHandlers,
  takingMedia: takingMediaHandlers,
  takingPaper: takingPaperHandlers,
  scoring: scoringHandlers,
  evaluators: evaluatorHandlers,
  verify: verifyHandlers,
  reports: reportHandlers,
  resultLog: resultLogHandlers,
  credentials: credentialHandlers,
  availability: availabilityHandlers,
  scheduling: schedulingHandlers,
  evaluatorSchedule: evaluatorScheduleHandlers,
  proctoringReservations: proctoringReservationHandlers,
  proctoringTests: proctoringTestHandlers,
  upload: uploadHandlers,
  webIvr: webIvrHandlers,
  ivrResults: ivrResultHandlers,
  news: newsHandlers,
  adminNews: adminNewsHandlers,
  overview: overviewHandlers,
  account: accountHandlers,
  help: helpHandlers,
  interpretation: interpretationHandlers,
  contact: contactHandlers,
  invoices: invoiceHandlers,
  prepay: prepayHandlers,
  translationCharges: translationChargeHandlers,
  payments: paymentHandlers,
  testProcessor: testProcessorHandlers,
  paperPackages: paperPackageHandlers,
  phoneCalls: phoneCallHandlers,
  devPhone: devPhoneHandlers,
  admin: adminHandlers,
  sso: ssoHandlers,
  video: videoHandlers,
  backofficeAccounts: backofficeAccountHandlers,
  backofficeStaff: backofficeStaffHandlers,
  backofficeEvaluators: backofficeEvaluatorHandlers,
  backofficeCatalogue: catalogueHandlers,
  backofficeContent: backofficeContentHandlers,
  backofficeQti: backofficeQtiHandlers,
};

/** Areas that exist only outside production (the developer mailbox holds every reset link; the developer phone takes tests). */
const DEVELOPMENT_ONLY: ReadonlySet<AreaName> = new Set(["mail", "devPhone"]);

/** Registers every contract area with its handlers (registerRoute does guard, validation and scope). */
export function implementApi(app: FastifyInstance, ctx: AppContext): void {
  for (const name of Object.keys(apiAreas) as AreaName[]) {
    if (ctx.config.production && DEVELOPMENT_ONLY.has(name)) continue;
    implementArea(app, apiAreas[name] as Area, areaHandlers[name](ctx) as never);
  }
}
