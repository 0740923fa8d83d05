import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./core.js";
import { createdAt } from "./columns.js";

// Single sign-on by OpenID Connect (sso/): the identities linked to users, and the sign-ins under
// way (state, nonce and PKCE verifier kept in the database, so any server process can finish them).

/** A provider's subject linked to one of our users: made at the first sign-in, by verified email only. */
export const ssoIdentities = pgTable(
  "sso_identities",
  {
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The provider's verified address when linked. */
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index("sso_identities_user_idx").on(t.userId)],
);

/** One sign-in under way: single-use, bound to the browser by a cookie holding the secret whose hash is the key. */
export const ssoAttempts = pgTable(
  "sso_attempts",
  {
    idHash: text("id_hash").primaryKey(),
    state: text("state").notNull(),
    nonce: text("nonce").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    /** Where to go after signing in (a same-site path), if asked. */
    nextPath: text("next_path"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sso_attempts_expires_idx").on(t.expiresAt)],
);
