import { SUPPORT_PHONES } from "@parlance/contract";

/**
 * Who to reach for each service line (the contact recipients of evaluators-results-account.md §3:
 * translation, training operations, training sales). Fictional example.com-style addresses and the
 * 555-01xx support numbers of the contract: a deployment sets its own.
 */
export const SERVICE_LINE_CONTACTS = {
  training: [
    { key: "trainingOperations", email: "training@parlance.example", phone: SUPPORT_PHONES.training },
    { key: "trainingSales", email: "training.sales@parlance.example", phone: SUPPORT_PHONES.training },
  ],
  translation: [{ key: "translation", email: "translation@parlance.example", phone: SUPPORT_PHONES.translation }],
} as const;

export type ServiceLine = keyof typeof SERVICE_LINE_CONTACTS;

/** What each page lists as the line's services (i18n `serviceLines.<line>.offers.<key>`). */
export const SERVICE_LINE_OFFERS: Record<ServiceLine, readonly string[]> = {
  training: ["group", "private", "online", "medical", "cultural"],
  translation: ["documents", "certified", "localization", "transcription", "rapid"],
};
