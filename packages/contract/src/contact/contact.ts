import { z } from "zod";
import { defineRoute } from "../route.js";
import { SUPPORT_PHONES } from "../payments/policy.js";

/**
 * The contact page (evaluators-results-account.md §2 /contact, §3 "Contact recipients", §5
 * "message required; purpose derived from the topic", §7 send_request, §8). The six recipients
 * with fictional example addresses and the 555-01xx numbers (a deployment sets its own); a topic
 * the person picks decides the purpose, which is the recipient the message goes to.
 */
export const CONTACT_RECIPIENTS = {
  translation: { email: "translation@parlance.example", phone: SUPPORT_PHONES.translation },
  testingOperations: { email: "testing@parlance.example", phone: SUPPORT_PHONES.testing },
  trainingOperations: { email: "training@parlance.example", phone: SUPPORT_PHONES.training },
  trainingSales: { email: "training.sales@parlance.example", phone: SUPPORT_PHONES.training },
  generalAccounts: { email: "accounts@parlance.example", phone: SUPPORT_PHONES.testing },
  testingAndGeneralSales: { email: "sales@parlance.example", phone: SUPPORT_PHONES.testing },
} as const;
export type ContactPurpose = keyof typeof CONTACT_RECIPIENTS;
export const CONTACT_PURPOSES = Object.keys(CONTACT_RECIPIENTS) as [ContactPurpose, ...ContactPurpose[]];

/** The topics the page offers, each with the purpose (recipient) it is derived into. */
export const CONTACT_TOPICS = {
  testSupport: "testingOperations",
  testResults: "testingOperations",
  buyTesting: "testingAndGeneralSales",
  trainingCourse: "trainingOperations",
  trainingQuote: "trainingSales",
  translation: "translation",
  billing: "generalAccounts",
  other: "testingAndGeneralSales",
} as const satisfies Record<string, ContactPurpose>;
export type ContactTopic = keyof typeof CONTACT_TOPICS;
export const CONTACT_TOPIC_NAMES = Object.keys(CONTACT_TOPICS) as ContactTopic[];
export const purposeOfTopic = (topic: ContactTopic): ContactPurpose => CONTACT_TOPICS[topic];

export const CONTACT_MESSAGE_MAX = 5000;
/** Messages one user may send in an hour (a bound on mail to the desks). */
export const CONTACT_MESSAGES_PER_HOUR = 20;

export const contactMessages = {
  sent: "Your message was successfully sent. We'll be in touch shortly.",
  failed: "An error occurred while attempting to send your message.",
  messageRequired: "Please write your message.",
  messageTooLong: `The message can be at most ${CONTACT_MESSAGE_MAX.toLocaleString("en-US")} characters.`,
  purposeRequired: "Please choose what your message is about.",
  tooMany: "You have sent many messages in the last hour. Please call us instead.",
} as const;
export type ContactMessage = keyof typeof contactMessages;

export const contactRequestInput = z.object({
  message: z.string({ error: contactMessages.messageRequired }).trim().min(1, contactMessages.messageRequired).max(CONTACT_MESSAGE_MAX, contactMessages.messageTooLong),
  purpose: z.enum(CONTACT_PURPOSES, { error: contactMessages.purposeRequired }),
});
export type ContactRequestInput = z.input<typeof contactRequestInput>;

export const contactRoutes = {
  sendRequest: defineRoute({
    method: "POST",
    path: "/api/contact/send_request",
    input: contactRequestInput,
    output: z.object({ success: z.literal(true), message: z.string() }),
    access: "signedIn",
    failure: "contactFailure",
    summary: "Mails the caller's message to the recipient its purpose names (spec §3's six contact recipients)",
  }),
} as const;
