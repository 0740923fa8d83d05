import * as oidc from "openid-client";
import type { SsoConfig } from "../config.js";

/**
 * The OpenID Connect side of single sign-on (openid-client): the authorization code flow with PKCE
 * (S256), state and nonce. The provider's metadata is discovered once per process and issuer (a
 * cache of public facts; a failed discovery is tried again next time).
 */

/** What a sign-in under way must remember until the provider sends the browser back. */
export interface SsoChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Who the provider says signed in. */
export interface SsoIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

const HTTP_TIMEOUT_SECONDS = 10;
const discovered = new Map<string, Promise<oidc.Configuration>>();

function configurationFor(sso: SsoConfig): Promise<oidc.Configuration> {
  const key = `${sso.issuer} ${sso.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    const issuer = new URL(sso.issuer);
    found = oidc.discovery(issuer, sso.clientId, sso.clientSecret, undefined, {
      timeout: HTTP_TIMEOUT_SECONDS,
      // A provider on plain http is only accepted on this machine (the tests' local provider).
      execute: isLocal(issuer) ? [oidc.allowInsecureRequests] : [],
    });
    found.catch(() => discovered.delete(key));
    discovered.set(key, found);
  }
  return found;
}

const isLocal = (url: URL) => url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);

export const newChecks = (): SsoChecks => ({ state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() });

/** The provider's authorization URL for these checks (the email as a login hint). */
export async function authorizationUrl(sso: SsoConfig, checks: SsoChecks, loginHint: string | undefined): Promise<URL> {
  const config = await configurationFor(sso);
  const params: Record<string, string> = {
    redirect_uri: sso.redirectUri,
    scope: "openid email profile",
    response_type: "code",
    code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: "S256",
    state: checks.state,
    nonce: checks.nonce,
  };
  if (loginHint) params.login_hint = loginHint;
  return oidc.buildAuthorizationUrl(config, params);
}

/**
 * Checks the provider's answer (state, issuer, code with the PKCE verifier, ID token with the nonce)
 * and reads who signed in: the ID token's subject, and the email and whether the provider verified
 * it from the ID token or, when it has not them, the userinfo endpoint. Throws on any mismatch.
 */
export async function finishSignIn(sso: SsoConfig, currentUrl: URL, checks: SsoChecks): Promise<SsoIdentity> {
  const config = await configurationFor(sso);
  const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error("no ID token");
  let email = typeof claims.email === "string" ? claims.email : null;
  let verified = claims.email_verified === true;
  if (email === null) {
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    email = typeof info.email === "string" ? info.email : null;
    verified = info.email_verified === true;
  }
  return { issuer: claims.iss, subject: claims.sub, email, emailVerified: verified };
}
