import { desc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { mailOutbox } from "../db/schema.js";
import type { TestApp } from "../test/harness.js";

/** Test helpers of the auth area (used only by *.api.test.ts). */
export const ORIGIN = "http://localhost:3000";

/** An HTML form post from this site, optionally from a given client address. */
export function formPost(t: TestApp, url: string, fields: Record<string, string>, opts: { cookie?: string; headers?: Record<string, string>; ip?: string } = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: "POST",
    url,
    remoteAddress: opts.ip,
    headers: {
      origin: ORIGIN,
      "content-type": "application/x-www-form-urlencoded",
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...opts.headers,
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** A same-origin JSON post from a given client address (each test its own, so IP limits do not mix). */
export function jsonPost(t: TestApp, url: string, body: unknown, opts: { ip?: string; cookie?: string; origin?: string | null } = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: "POST",
    url,
    remoteAddress: opts.ip,
    headers: {
      ...(opts.origin === null ? {} : { origin: opts.origin ?? ORIGIN }),
      "content-type": "application/json",
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    payload: JSON.stringify(body),
  });
}

export function sessionCookieOf(res: LightMyRequestResponse): string | null {
  const c = res.cookies.find((x) => x.name === "parlance_session" && x.value);
  return c ? `parlance_session=${c.value}` : null;
}

export async function mailsTo(t: TestApp, to: string) {
  return t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(desc(mailOutbox.id));
}

/** The key of the newest reset or activation link in a text. */
export function keyFromText(text: string): string {
  const m = /(?:set_reset_password\?key=|setup_account\/)([A-Za-z0-9_%-]+)/.exec(text);
  if (!m) throw new Error(`no link in: ${text}`);
  return decodeURIComponent(m[1]);
}
