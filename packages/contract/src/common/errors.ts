import { z } from "zod";

/** Body of every error answer (400, 401, 403, 404, 409, 422, 429, 500). */
export const apiError = z.object({
  message: z.string(),
  /** i18n key of the message, so the screen can show it in the chosen language. */
  messageKey: z.string().optional(),
  /** Values of the translated message's {{placeholders}} (the message itself has them filled in). */
  messageValues: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiError>;

/**
 * Messages the specs give word for word; the web translates them by key (`specMessages.<key>`).
 * All but the first are failure messages of the specs' §8 catalogues: each route names one as its
 * `failure` (route.ts), shown when a call fails without a message of its own.
 */
export const specMessages = {
  requiredFieldMissing: "A required field is missing.",
  listLoadFailure: "Some kind of error occurred",
  proctorSettingsSaveFailure: "An error occurred while saving.",
  genericSaveFailure: "An error occurred while saving",
  generic: "An error occurred.",
  // Candidate testing §8
  testContentFailure: "An error occurred while accessing test content.",
  submitAnswersFailure: "An error occurred while submitting your test answers.",
  grantAccessFailure: "An error occurred while granting access to this question.",
  videoSetupFailure: "An error occurred while setting up the video.",
  videoPlayerFailure: "An error occurred while setting up the video player.",
  ivrSetupFailure: "An error occurred while setting up the IVR test.",
  sectionFailure: "An error occurred while attempting to display this section.",
  phoneStartFailure: "An error occurred starting the test.",
  scheduleTimeFailure: "An error occurred while requesting your scheduled test time.",
  proctorPasswordFailure: "An error occurred. Please try again.",
  deliveryUploadFailure: "The answers file could not be uploaded.",
  // Client administration §8
  assignFailure: "The test could not be assigned.",
  createTestFailure: "An error occurred while creating your test.",
  availableTestsFailure: "Unable to load available tests for assignment",
  summaryEmailFailure: "An error occurred while attempting to deliver the test summary.",
  testDeleteFailure: "An error occurred while deleting the test.",
  batteryUpdateFailure: "An error occurred while updating the test battery.",
  historyLoadFailure: "An error occurred while loading test history.",
  outstandingLoadFailure: "Failed to load outstanding tests.",
  unprintedLoadFailure: "Failed to load unprinted test packages.",
  healthcareRolesFailure: "Failed to load health care roles.",
  reservationFailure: "An error occurred while requesting a proctoring reservation.",
  packageCreateFailure: "The test package could not be created.",
  packageEmailFailure: "An error occurred while attempting to send proctor instructions.",
  // Evaluators, results and account §8
  credentialKeysFailure: "The provider's signing keys could not be loaded.",
  credentialStatusFailure: "The credential status list could not be loaded.",
  credentialRevokeFailure: "The credential could not be revoked.",
  verifyFailure: "An error occurred while attempting to verify this key. Double-check the key as printed to ensure it's entered correctly.",
  scoreableTestsFailure: "An error has occurred loading tests to score.",
  retrieveTestFailure: "An error occurred while retrieving the test.",
  submitResultsFailure: "An error occurred while submitting results.",
  loadTestFailure: "An error occurred while loading the test.",
  scheduleLoadFailure: "An error occurred while retrieving your schedule.",
  confirmEvaluationFailure: "An error occurred while confirming your evaluation for the scheduled test",
  declineEvaluationFailure: "An error occurred while declining your evaluator for the scheduled test",
  submitTestFailure: "An error occurred while submitting this test.",
  articleCreateFailure: "Failed to create article",
  articleUpdateFailure: "Failed to update article",
  articleLoadFailure: "Failed to load article. Please try again later.",
  newsLoadFailure: "Failed to load news articles. Please try again later.",
  articlesLoadFailure: "Failed to load articles. Please try again later.",
  articleDeleteFailure: "Failed to delete article.",
  articlePublishFailure: "Failed to publish article.",
  weeklyNotCreated: "Weekly unavailability could not be created.",
  weeklyNotUpdated: "Weekly unavailability could not be updated.",
  weeklyNotDeleted: "Weekly unavailability could not be deleted.",
  individualNotCreated: "Individual conflict could not be created.",
  individualNotUpdated: "Individual conflict could not be updated.",
  individualNotDeleted: "Individual conflict could not be deleted.",
  weeklyNotLoaded: "Weekly conflicts could not be retrieved.",
  individualNotLoaded: "Individual conflicts could not be retrieved.",
  ruleDeleteFailure: "An error occurred while attempting to delete the rule.",
  interpretationFailure: "Your request could not be submitted.",
  contactFailure: "An error occurred while attempting to send your message.",
  userSearchFailure: "Unable to query for users.",
  // Ours: the result log (docs/verification.md)
  resultLogFailure: "The result log could not be read.",
} as const;

/** A route's failure message: the key of one of the §8 messages above. */
export type FailureKey = Exclude<keyof typeof specMessages, "requiredFieldMissing">;
