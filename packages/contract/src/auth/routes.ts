import { z } from "zod";
import { defineRoute } from "../route.js";
import { successOutput } from "../common/success.js";
import { LANGUAGES } from "../common/languages.js";
import { PERMISSIONS } from "./permissions.js";

const email = z.string().trim().min(1).max(125).email();

/**
 * Email and password, or an access code. Fields are optional here so that the server can answer a
 * missing one with the spec's own message ("Please provide your email address." and so on).
 * `next` is where to go after signing in (kept only when it is a path on this site).
 */
export const loginInput = z.object({
  email_address: z.string().trim().max(125).optional(),
  password: z.string().max(100).optional(),
  access_code: z.string().trim().max(40).optional(),
  next: z.string().max(2000).optional(),
});

export const startupOutput = z.object({
  cobrandConfig: z.object({ logo: z.string().optional(), text: z.string().optional(), uri: z.string().optional() }).optional(),
  error: z.string().optional(),
  language: z.enum(LANGUAGES).optional(),
  notice: z.string().optional(),
  translations: z.record(z.string(), z.unknown()),
  userFlags: z
    .object({
      firstName: z.string(),
      roles: z.array(z.number().int()),
      shouldViewPasswordChange: z.boolean(),
      username: z.string().optional(),
      visibleDepartments: z.array(z.string()),
      /** Not in the spec: the signed-in user's id, for routes keyed by it (get_scoreable_tests/{id}). */
      userId: z.number().int().optional(),
    })
    .optional(),
  /** Authorisation flags: every permission the caller holds. */
  authorized: z.record(z.enum(PERMISSIONS), z.boolean()),
  /** Login screen extras. */
  enableSSO: z.boolean(),
  /** With single sign-on: the email domains that sign in through it (the login form's SSO step). */
  ssoDomains: z.array(z.string()).optional(),
  /** Set while an impersonator acts as the signed-in user: who is really acting (the "acting as" banner). */
  impersonatedBy: z.object({ name: z.string(), email: z.string() }).optional(),
  /** Whether the developer mailbox is available (never in production). */
  devMailbox: z.boolean(),
  account: z.object({ id: z.number().int(), name: z.string(), officeId: z.number().int().nullable() }).optional(),
});
export type Startup = z.infer<typeof startupOutput>;

export const authRoutes = {
  startup: defineRoute({
    method: "GET",
    path: "/api/startup",
    input: z.object({ lang: z.enum(LANGUAGES).optional() }),
    output: startupOutput,
    access: "public",
    failure: "generic",
    summary: "Startup data every screen receives",
  }),
  login: defineRoute({
    method: "POST",
    path: "/login",
    input: loginInput,
    output: z.object({ success: z.literal(true), redirect: z.string() }),
    access: "public",
    failure: "generic",
    summary: "Sign in by email and password, or by access code",
  }),
  logout: defineRoute({
    method: "POST",
    path: "/logout",
    input: z.object({}),
    output: successOutput,
    access: "public",
    failure: "generic",
    summary: "Sign out",
  }),
  logoutPage: defineRoute({
    method: "GET",
    path: "/logout",
    input: z.object({}),
    output: successOutput,
    access: "public",
    failure: "generic",
    summary: "Sign out from the menu link, then go to the sign-in page (303)",
  }),
  sendPasswordReset: defineRoute({
    method: "POST",
    path: "/send_password_reset",
    input: z.object({ email_address: email }),
    output: successOutput,
    access: "public",
    failure: "generic",
    summary: "Mail a single-use, expiring password reset link",
  }),
  setResetPassword: defineRoute({
    method: "POST",
    path: "/set_reset_password",
    input: z.object({ key: z.string().min(10).max(200), password: z.string().max(100), password2: z.string().max(100) }),
    output: successOutput,
    access: "public",
    failure: "generic",
    summary: "Set a new password with a reset key",
  }),
  checkKey: defineRoute({
    method: "GET",
    path: "/api/auth/key/:key",
    params: z.object({ key: z.string().min(10).max(200) }),
    input: z.object({ kind: z.enum(["reset", "activation"]) }),
    output: z.object({ valid: z.boolean(), username: z.string().optional() }),
    access: "public",
    failure: "generic",
    summary: "Whether a reset or activation key is still usable, and whose it is",
  }),
  setupAccount: defineRoute({
    method: "POST",
    path: "/setup_account/:key",
    params: z.object({ key: z.string().min(10).max(200) }),
    input: z.object({ password: z.string().max(100), password2: z.string().max(100), key: z.string().optional(), email: z.string().optional() }),
    output: successOutput,
    access: "public",
    failure: "generic",
    summary: "Activate an account by setting its password",
  }),
  setLanguage: defineRoute({
    method: "POST",
    path: "/api/account/language",
    input: z.object({ language: z.enum(LANGUAGES) }),
    output: successOutput,
    access: "public",
    failure: "generic",
    summary: "Choose the interface language (remembered for a signed-in user)",
  }),
} as const;
