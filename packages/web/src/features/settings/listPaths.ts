import { parseOfficeId } from "./officePaths";

/** The three settings lists of spec §2; each path segment is the spec's. */
export type ListKind = "users" | "packages" | "resultrecipients";

const SETTINGS = "/testing/settings";

/** /testing/settings/<kind> at account level, /testing/settings/offices/<officeId>/<kind> at office level. */
export const listPath = (kind: ListKind, officeId: number | null) =>
  officeId === null ? `${SETTINGS}/${kind}` : `${SETTINGS}/offices/${officeId}/${kind}`;
export const newRecordPath = (kind: ListKind, officeId: number | null) => `${listPath(kind, officeId)}/new`;
export const editRecordPath = (kind: ListKind, officeId: number | null, id: number) => `${listPath(kind, officeId)}/${id}/edit`;

/** A record id of a route (same rules as office ids), or null when it is not one. */
export const parseRecordId = parseOfficeId;

/**
 * Where a form goes back to: the page that opened it (the office detail page's tab, say) when it
 * says so in the navigation state, else the list.
 */
export function backPath(state: unknown, fallback: string): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" && from.startsWith(`${SETTINGS}/`) ? from : fallback;
}
