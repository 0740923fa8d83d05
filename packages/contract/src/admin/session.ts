import { z } from "zod";
import { defineRoute } from "../route.js";

/** /session (evaluators-results-account.md §2): the session's variables and roles, for the Administrator. */
export const sessionDumpOutput = z.object({
  variables: z.array(z.object({ name: z.string(), value: z.union([z.string(), z.number(), z.boolean(), z.null()]) })),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  permissions: z.array(z.string()),
});
export type SessionDump = z.infer<typeof sessionDumpOutput>;

export const sessionRoutes = {
  session: defineRoute({
    method: "GET",
    path: "/api/session",
    input: z.object({}),
    output: sessionDumpOutput,
    access: "viewSession",
    failure: "listLoadFailure",
    summary: "The caller's session: its variables (never its secret), roles and permissions",
  }),
} as const;
