import { eq } from "drizzle-orm";
import { credentialMessages, type credentialRoutes } from "@parlance/contract";
import type { FastifyReply } from "fastify";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { HttpError } from "../../http/errors.js";
import { candidateTests } from "../../db/schema.js";
import { audit } from "../../audit/audit.js";
import { logResult } from "../../result-log/index.js";
import { notifyCredentialRevoked } from "../../notifications/index.js";
import { findByKey } from "../verify/service.js";
import { ensureCredential, revokeCredential } from "./issue.js";
import { didDocument, jwks } from "./publish.js";
import { statusListJwt } from "./status-list.js";

/**
 * The public keys, the status lists and a result's credential (public), and revocation (the
 * provider's back office). Keys and lists are the same for everyone: cached by any cache and
 * readable from any origin, so a verifier elsewhere can fetch them.
 */
function publicAnswer(reply: FastifyReply, type: string, maxAge: number): void {
  reply.header("content-type", type).header("cache-control", `public, max-age=${maxAge}`).header("access-control-allow-origin", "*");
}

export const credentialHandlers = (ctx: AppContext): AreaHandlers<typeof credentialRoutes> => ({
  didDocument: ({ reply }) => {
    publicAnswer(reply, "application/did+json", 300);
    return didDocument(ctx);
  },
  jwks: ({ reply }) => {
    publicAnswer(reply, "application/jwk-set+json", 300);
    return jwks(ctx);
  },
  statusList: async ({ params, reply }) => {
    const jwt = await statusListJwt(ctx, params.list);
    publicAnswer(reply, "application/vc+jwt", 60);
    return jwt;
  },
  credential: async ({ params, req }) => {
    const found = await findByKey(ctx.db, req.ip, params.key);
    const [row] = await ctx.db.select({ id: candidateTests.id }).from(candidateTests).where(eq(candidateTests.verificationKey, found.key));
    const jwt = row ? await ensureCredential(ctx, ctx.db, row.id) : null;
    if (!jwt) throw new HttpError(404, credentialMessages.notIssued, "resultVerify.messages.notIssued");
    return { jwt };
  },
  revoke: async ({ params, scope }) => {
    const assignedTestId = await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select({ id: candidateTests.id, accountId: candidateTests.accountId, assignedTestId: candidateTests.assignedTestId }).from(candidateTests).where(eq(candidateTests.id, params.id));
      if (!row) throw new HttpError(404, "That test result was not found.", "errors.notFound");
      const now = new Date();
      if (!(await revokeCredential(ctx, tx as Db, row.id, now))) throw new HttpError(409, credentialMessages.alreadyRevoked, "resultVerify.messages.alreadyRevoked");
      await audit({ db: tx }, { actor: scope, accountId: row.accountId, action: "results.revoke_credential", targetType: "candidate_test", targetId: row.id });
      // Last: the result log's lock is held until the revocation commits.
      await logResult(tx, ctx.config.resultLog, { type: "result.revoked", attemptId: row.id, at: now, action: "results.revoke_credential" });
      return row.assignedTestId;
    });
    // A change to the candidate's result tells the candidate.
    if (assignedTestId !== null) await notifyCredentialRevoked(ctx, scope.userId, assignedTestId);
    return { success: true as const };
  },
});
