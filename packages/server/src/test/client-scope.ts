import type { ClientScope } from "../auth/scope.js";

/** A client scope for calling a service directly in a test (no session): an account, optionally one office. */
export const clientScopeOf = (accountId: number, officeId: number | null): ClientScope => ({
  kind: "client",
  userId: 0,
  accountId,
  officeId,
  candidateId: null,
  codeTestId: null,
  permissions: new Set(),
  roles: [],
  sessionIdHash: "",
  user: { email: "", firstName: "", lastName: "", language: "en-US", accountId, officeId },
  impersonatorUserId: null,
  ip: undefined,
});
