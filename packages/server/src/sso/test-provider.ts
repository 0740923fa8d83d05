// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- oidc-provider has no types; the e2e project needs them too
/// <reference path="./oidc-provider.d.ts" />
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/**
 * A local OpenID provider for the single sign-on tests (oidc-provider, a certified implementation):
 * the tests' stand-in for an organisation's identity provider. Its login page is one form asking
 * for an email address; it signs in the account of `accounts` with that address (subject, and
 * whether the provider verified the address), with the code flow and PKCE required.
 */
export interface TestAccount {
  subject: string;
  email: string;
  emailVerified: boolean;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The accounts it signs in, by email (change them between tests). */
  accounts: Map<string, TestAccount>;
  close(): Promise<void>;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid: string, hint: string, error?: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head><body><main>
<h1>Test identity provider</h1>${error ? `<p role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/interaction/${escapeHtml(uid)}"><label for="email">Email</label>
<input id="email" name="email" type="email" value="${escapeHtml(hint)}" required><button type="submit">Sign in to the provider</button></form></main></body></html>`;
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  let body = "";
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

/** Starts the provider on `port` (0: any free port) for a client whose redirect URIs are given. */
export async function startTestProvider(opts: { port?: number; redirectUris: string[] }): Promise<TestProvider> {
  const clientId = "parlance-test";
  const clientSecret = "parlance-test-secret-0123456789";
  const accounts = new Map<string, TestAccount>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const bySubject = (sub: string) => [...accounts.values()].find((a) => a.subject === sub);
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: opts.redirectUris, grant_types: ["authorization_code"], response_types: ["code"] }],
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    scopes: ["openid", "email", "profile"],
    findAccount: (_ctx: unknown, sub: string) => {
      const account = bySubject(sub);
      return account ? { accountId: sub, claims: () => ({ sub, email: account.email, email_verified: account.emailVerified }) } : undefined;
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    cookies: { keys: ["parlance-test-provider-cookie-key"] },
    // Quiet: its expected refusals would otherwise be printed as errors.
    renderError: (ctx: { type: string; body: string }, out: Record<string, string>) => {
      ctx.type = "text/plain";
      ctx.body = `${out.error}: ${out.error_description ?? ""}`;
    },
  });
  const callback = provider.callback();
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(req.url ?? "");
    if (!match) return callback(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (req.method === "GET") {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(loginPage(details.uid, String(details.params.login_hint ?? "")));
          return;
        }
        const email = (await readForm(req)).get("email")?.trim().toLowerCase() ?? "";
        const account = accounts.get(email);
        if (!account) {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(loginPage(details.uid, email, "No such account at this provider."));
          return;
        }
        const grant = new provider.Grant({ accountId: account.subject, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope ?? "openid"));
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { login: { accountId: account.subject }, consent: { grantId } }, { mergeWithLastSubmission: false });
      } catch (err) {
        res.writeHead(400, { "content-type": "text/plain" }).end(String((err as Error).message));
      }
    })();
  });
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
