import type { CheckResult, CredentialFacts } from "../results/credential-check.js";
import { checkInclusion, trustedKeysOf } from "./check.js";
import type { ResultLogInclusion, ResultLogKeys } from "./routes.js";

/**
 * The "log inclusion" check of a credential (docs/verification.md "The result log"), for the
 * verify page and `npm run verify`: the log's checkpoint signature against the log's published
 * keys, then each entry of the credential's verification key recomputed up to the signed root.
 * Where the answers come from is the caller's (`LogSource`): this site from a browser, the
 * issuer's host from the command line.
 */
export interface LogSource {
  /** The log's published keys (GET /api/result_log/keys), or null when unreachable. */
  keys(): Promise<ResultLogKeys | null>;
  /** The key's entries with their proofs, "noEntries" when the log has none, null when unreachable. */
  inclusion(key: string): Promise<ResultLogInclusion | "noEntries" | null>;
}

export function logInclusionCheck(source: LogSource): (jwt: string, facts: CredentialFacts) => Promise<CheckResult> {
  return async (_jwt, facts) => {
    const result = (outcome: CheckResult["outcome"], reason: string, vars?: Record<string, string>): CheckResult => ({ check: "logInclusion", outcome, reason, ...(vars ? { vars } : {}) });
    if (!facts.verificationKey) return result("notChecked", "noKey");
    const [keys, proof] = await Promise.all([source.keys(), source.inclusion(facts.verificationKey)]);
    if (!keys || proof === null) return result("notChecked", "unavailable");
    if (proof === "noEntries") return result("failed", "noEntries");
    const checked = await checkInclusion(proof, trustedKeysOf(keys), keys.origin);
    if (!checked.ok) return result("failed", checked.reason, checked.index === undefined ? undefined : { index: String(checked.index) });
    const revoked = checked.entries.some((e) => e.entry.type === "result.revoked");
    return result("passed", revoked ? "includedRevoked" : "included", {
      indices: checked.entries.map((e) => e.index).join(", "),
      size: String(checked.checkpoint.size),
      time: checked.checkpoint.time,
      keyId: [...checked.key.keyId].map((b) => b.toString(16).padStart(2, "0")).join(""),
    });
  };
}

/** The English of each outcome (the CLI; the screens translate `resultVerify.checks.logInclusion.<reason>`). */
export const LOG_INCLUSION_TEXT = {
  included: "Entry {{indices}} of the public result log, under the checkpoint of tree size {{size}} signed {{time}} by log key {{keyId}}: recorded, and not removable or changeable without it showing.",
  includedRevoked: "Entry {{indices}} of the public result log (checkpoint of tree size {{size}}, signed {{time}} by log key {{keyId}}); the log records that this result was revoked.",
  noKey: "Not checked: the credential carries no verification key.",
  noEntries: "The result log has no entry for this result's key.",
  noKeys: "The result log's published keys could not be read.",
  checkpointMalformed: "The log's checkpoint is not a valid signed checkpoint.",
  checkpointUnknownKey: "The log's checkpoint is not signed by a published log key.",
  checkpointBadSignature: "The log's checkpoint signature does not verify.",
  checkpointWrongOrigin: "The checkpoint belongs to another log.",
  entryMalformed: "Log entry {{index}} is not in the log's format.",
  entryOtherKey: "Log entry {{index}} belongs to another result.",
  proofFails: "The inclusion proof of entry {{index}} does not lead to the signed root: the log was changed.",
} as const;
