import type { proctoringReservationRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { availableTimes, confirmReservation, schedulePage } from "./service.js";
import { cancelReservation } from "./cancel.js";
import { contactDetails, editContactDetails } from "./contact.js";
import { acceptTerms, termsStatus } from "./terms.js";
import "./fee-source.js";

/** Proctoring reservations (/api/proctorservice/…; contract proctoring/reservations.ts): thin calls into the services. */
export const proctoringReservationHandlers = (ctx: AppContext): AreaHandlers<typeof proctoringReservationRoutes> => ({
  schedulePage: ({ params, input, scope }) => schedulePage(ctx, scope, params.candidateProfileId, input.assigned_tests),
  availableTimes: async ({ input, scope }) => ({ availableTimes: await availableTimes(ctx, scope, input) }),
  confirm: ({ input, scope }) => confirmReservation(ctx, scope, input),
  cancel: ({ input, scope }) => cancelReservation(ctx, scope, input),
  contactDetails: ({ params, input, scope }) => contactDetails(ctx, scope, params.candidateProfileId, input.assigned_tests),
  editContactDetails: ({ input, scope }) => editContactDetails(ctx, scope, input),
  terms: ({ scope }) => termsStatus(ctx, scope),
  acceptTerms: ({ scope }) => acceptTerms(ctx, scope),
});
