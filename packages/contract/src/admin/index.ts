import { featureFlagRoutes } from "./feature-flags.js";
import { impersonationRoutes } from "./impersonation.js";
import { sessionRoutes } from "./session.js";

export * from "./feature-flags.js";
export * from "./impersonation.js";
export * from "./session.js";

/** Administration (evaluators-results-account.md §2): feature flags, impersonation, the session page. */
export const adminRoutes = { ...featureFlagRoutes, ...impersonationRoutes, ...sessionRoutes } as const;
