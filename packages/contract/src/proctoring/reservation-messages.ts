/**
 * What the proctoring reservation routes and screens say (client-administration.md §2, §5, §8):
 * the first two are the spec's, word for word; the rest are ours (the spec leaves the server's
 * reasons open). Translated under `proctorReservation.messages.<name>`.
 */
export const reservationMessages = {
  created: "Your reservation has been created",
  failure: "An error occurred while requesting a proctoring reservation.",
  assigned: "The candidate may now schedule their proctoring session from their list of tests.",
  contactSaved: "The candidate's contact details have been updated.",
  termsAccepted: "You have accepted the proctoring terms of service.",
  mustAccept: "Please accept the proctoring terms of service to continue.",
  termsRequired: "Please accept the proctoring terms of service before reserving proctoring.",
  prepayTermsRequired: "This prepay account must accept the prepay terms of service before proctoring is reserved.",
  contactRequired: "Please complete the candidate's contact details before reserving proctoring.",
  badCandidateId: "The candidate id must be a positive whole number.",
  badTestIds: "Name the assigned tests as a list of positive whole numbers (at most 10).",
  badIdList: "The test ids must be a list of positive whole numbers.",
  badReservationId: "The reservation id must be a positive whole number.",
  badDate: "The date must be a date such as 2026-03-09.",
  badTime: "The start time must be a time such as 09:30.",
  badDuration: "The duration must be the tests' total duration in minutes.",
  badCost: "The cost must be a whole number of cents.",
  timeRequired: "Choose a date and a time to reserve, or let the candidate schedule.",
  testsNotFound: "Those tests were not found, or they do not use the proctor service.",
  mismatchedTests: "The test ids do not match the assigned tests.",
  alreadyReserved: "Proctoring is already reserved for one of these tests.",
  noProctorService: "This account does not use the proctor service.",
  notAllowed: "Your administrator reserves proctoring for these tests.",
  candidateSchedulingOff: "This account does not let candidates schedule proctoring.",
  timeUnavailable: "That time is no longer available. Please choose another time.",
  costChanged: "The cost of that time has changed. Please check the new cost and confirm again.",
  timesLoadFailure: "The available times could not be loaded.",
  reservationNotFound: "That reservation was not found.",
  tooLong: "These tests are too long for one sitting. Please reserve them separately.",
  alreadyStarted: "This sitting has already begun and can no longer be cancelled.",
  alreadyCancelled: "This reservation has already been cancelled.",
  cancelledWaived: "The reservation has been cancelled. No fee is charged.",
  cancelledFee: "The reservation has been cancelled. The proctoring fee is still due.",
  /** Ours: an access code opens one test, not the candidate's profile. */
  contactNeedsPassword: "Your contact details can be entered only when you sign in with your email address and password. Sign in that way, or ask your administrator to enter them.",
} as const;
export type ReservationMessage = keyof typeof reservationMessages;
