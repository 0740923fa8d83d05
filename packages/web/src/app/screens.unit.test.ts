import { describe, expect, it } from "vitest";
import { apiAreas, type RouteDef } from "@parlance/contract";
import { matchRoutes } from "react-router";
import { routes, SCREENS } from "./router";
import { screenAt } from "../ui/reachable";

/**
 * The router and the screen table (ui/screens.ts) are one list: a route for every row and a row
 * for every route; and each screen asks for the permission of the API route it reads first, so
 * that it is offered exactly to those the server lets use it (issue 23 §1).
 */

type AnyRoute = { path?: string; children?: AnyRoute[] };
const routePaths = (list: AnyRoute[]): string[] => list.flatMap((r) => [...(r.path ? [r.path] : []), ...routePaths(r.children ?? [])]);

const a = apiAreas;
/**
 * The API route each screen reads (or sends) first; null for a screen that calls none (its
 * text is the page). A screen's access must be that route's.
 */
const MAIN_API: Record<string, RouteDef | null> = {
  "/": null,
  "/login": a.auth.login,
  "/assistance": a.auth.sendPasswordReset,
  "/set_reset_password": a.auth.setResetPassword,
  "/setup_account/:key": a.auth.checkKey,
  "/testing/scales": null,
  "/testing/results/verify": a.verify.verify,
  "/testing/results/verified/:key": a.verify.verified,
  "/invoices/pay/:key": a.invoices.byKey,
  "/invoices/pay/:key/confirmation": a.invoices.byKey,
  "/testing/policy": null,
  "/testing/payment/policy": null,
  "/help/:guide?": null,
  "/overview": a.overview.startup,
  "/news": a.news.list,
  "/news/:slug": a.news.show,
  "/admin": null,
  "/admin/news": a.adminNews.list,
  "/admin/news/create": a.adminNews.create,
  "/admin/news/:id/edit": a.adminNews.get,
  "/testing": null,
  "/testing/tests": a.takingList.list,
  "/testing/tests/choose_account/:ids": a.takingList.chooseAccount,
  "/testing/tests/:aid/live": a.takingLive.show,
  "/testing/tests/:id": a.takingShow.show,
  "/testing/track/test/:id": a.takingShow.show,
  "/testing/tests/:id/call": a.phoneCalls.callStartup,
  "/testing/tests/:id/web_call": a.webIvr.candidateAccessToken,
  "/testing/payment/:ref/purchase": a.payments.fees,
  "/testing/candidates": a.candidates.search,
  "/testing/candidates/new": a.candidates.form,
  "/testing/candidates/create": a.candidates.form,
  "/testing/candidates/:id": a.candidates.get,
  "/testing/candidates/:id/edit": a.candidates.form,
  "/testing/candidates/:id/update": a.candidates.form,
  "/testing/candidates/:id/notify": a.candidates.notify,
  "/testing/candidates/:id/activate": a.candidates.activate,
  "/testing/candidates/upload": a.upload.preview,
  "/testing/candidates/changes": a.upload.changesPreview,
  "/testing/candidates/preview": a.upload.previewPage,
  "/testing/candidates/confirm": a.upload.confirm,
  "/testing/candidates/healthcare_roles": a.healthcare.getRoles,
  "/testing/track/:id": a.tracks.get,
  "/testing/candidates/:id/scheduledtest/:testId": a.scheduling.schedulePage,
  "/testing/candidates/:id/scheduledtest/:testId/request": a.scheduling.schedulePage,
  "/testing/proctor/schedule/:id": a.proctoringReservations.schedulePage,
  "/testing/proctor/contact_details/:id": a.proctoringReservations.contactDetails,
  "/testing/proctor/terms": a.proctoringReservations.terms,
  "/testing/candidates/tests": a.history.search,
  "/testing/evaluators/schedule": a.evaluatorSchedule.schedule,
  "/testing/evaluators/confirm": a.evaluatorSchedule.confirm,
  "/testing/evaluators/confirmation_status/:id": a.evaluatorSchedule.scheduledTest,
  "/testing/evaluators/decline/:id": a.evaluatorSchedule.decline,
  "/testing/evaluators/administer/:id": a.evaluatorSchedule.administer,
  "/testing/proctor/tests": a.proctoringTests.list,
  "/testing/proctor/tests/:id": a.proctoringTests.get,
  "/testing/groups": a.paperPackages.getTests,
  "/testing/groups/alert/:key": a.paperPackages.alert,
  "/testing/groups/:key": a.paperPackages.getDownloadLink,
  "/testing/candidates/outstanding_paper_tests": a.paperPackages.listOutstanding,
  "/testing/results": a.scoring.scoreableTests,
  "/testing/results/:id/edit": a.scoring.scoreableContent,
  "/testing/results/:id/noshow": a.scoring.noShow,
  "/testing/settings": null,
  "/testing/settings/offices": null,
  "/testing/settings/offices/new": a.offices.edit,
  "/testing/settings/offices/:id": a.offices.get,
  "/testing/settings/offices/:id/edit": a.offices.get,
  "/testing/settings/proctoring": a.proctorService.get,
  "/testing/prepay": a.prepay.page,
  "/testing/prepay/terms": a.prepay.page,
  "/testing/prepay/thank_you/:id": a.prepay.invoiceOf,
  "/testing/contact_to_schedule": null,
  "/testing/contact_to_schedule/:kind": null,
  "/invoice/:id": a.invoices.get,
  "/translation/projects/charge/:id": a.translationCharges.get,
  "/translation/projects/charge/:id/complete": a.translationCharges.get,
  "/feature_flags": a.admin.getRules,
  "/impersonate": a.admin.searchUsers,
  "/session": a.admin.session,
  "/admin/accounts": a.backofficeAccounts.list,
  "/admin/accounts/new": a.backofficeAccounts.edit,
  "/admin/accounts/:id/edit": a.backofficeAccounts.get,
  "/admin/accounts/:id": a.backofficeAccounts.get,
  "/admin/staff": a.backofficeStaff.list,
  "/admin/staff/new": a.backofficeStaff.roles,
  "/admin/staff/:id": a.backofficeStaff.get,
  "/admin/evaluators": a.backofficeEvaluators.list,
  "/admin/evaluators/new": a.backofficeEvaluators.options,
  "/admin/evaluators/:id": a.backofficeEvaluators.get,
  "/admin/tests": a.backofficeCatalogue.list,
  "/admin/tests/new": a.backofficeCatalogue.languages,
  "/admin/tests/:id/edit": a.backofficeCatalogue.get,
  "/admin/tests/:id": a.backofficeCatalogue.get,
  "/account/availability": a.availability.page,
  "/account/payment_methods": a.payments.paymentMethod,
  "/account/invoices": a.invoices.list,
  "/account/profile": a.account.profile,
  "/contact": a.contact.sendRequest,
  "/training": null,
  "/translation": null,
  "/interpretation": a.interpretation.submitRequest,
  "/help/documents": a.help.evaluatorDocument,
  "/dev/mailbox": a.mail.mailbox,
  "/dev/phone": a.devPhone.devCalls,
  ...Object.fromEntries(
    ["/testing/settings", "/testing/settings/offices/:officeId"].flatMap((base) => [
      [`${base}/users`, a.users.list],
      [`${base}/users/new`, a.users.edit],
      [`${base}/users/:id/edit`, a.users.get],
      [`${base}/packages`, a.testGroups.list],
      [`${base}/packages/new`, a.testGroups.edit],
      [`${base}/packages/:id/edit`, a.testGroups.get],
      [`${base}/resultrecipients`, a.recipients.list],
      [`${base}/resultrecipients/new`, a.recipients.edit],
      [`${base}/resultrecipients/:id/edit`, a.recipients.get],
    ]),
  ),
};

/**
 * Screens narrower than their API, and why: the route serves others too, and the screen is one
 * person's way to it (the server still decides whose rows each caller reaches).
 */
const NARROWER: Record<string, string> = {
  // payments/fees is also the proctoring fee of a client's staff (proctoring reservations); this page is the candidate's purchase of a test.
  "/testing/payment/:ref/purchase": "tests",
  // offices/edit also saves an office administrator's own office; creating one is the account administrator's (service.ts canManage).
  "/testing/settings/offices/new": "manageOffices",
};

describe("the router and the screen table", () => {
  it("have a route for every row and a row for every route, each path once, each with its screen", () => {
    const paths = routePaths(routes as AnyRoute[]).filter((p) => p !== "*");
    const rows = SCREENS.map((s) => s.path);
    expect(new Set(rows).size).toBe(rows.length);
    expect([...paths].sort()).toEqual([...rows].sort());
    expect(SCREENS.filter((s) => !s.element).map((s) => s.path)).toEqual([]);
  });

  it("put each screen behind the permission of the API route it reads first", () => {
    const rows = SCREENS.map((s) => s.path);
    expect(Object.keys(MAIN_API).sort()).toEqual([...rows].sort());
    for (const screen of SCREENS) {
      const api = MAIN_API[screen.path];
      if (api === null || api === undefined) continue;
      const expected = NARROWER[screen.path] ?? (api.access === "public" && screen.access === "signedOut" ? "signedOut" : api.access);
      expect(screen.access, `${screen.path} (${api.method} ${api.path})`).toBe(expected);
    }
  });

  it("find the same screen at every address as the router (ui/screens.ts screenAt, for links and breadcrumbs)", () => {
    for (const screen of SCREENS) {
      for (const href of [screen.path.replace(/\/:\w+\?$/, "").replace(/:\w+\??/g, "7"), screen.path.replace(/:\w+\??/g, "new")]) {
        const matched = matchRoutes(routes, href);
        const deepest = (matched?.[matched.length - 1]?.route as { path?: string } | undefined)?.path;
        expect(screenAt(SCREENS, href)?.path ?? "*", href).toBe(deepest);
      }
    }
  }, 60_000);
});
