import type { TestApp } from "../../test/harness.js";

/** Test helpers of the back office's catalogue and content (used only by *.api.test.ts). */

/** Who may use the back office, and who may not (each refused 403). */
export const BACK_OFFICE_EMAILS = ["admin@parlance.example", "executive@parlance.example"] as const;
export const REFUSED_EMAILS = ["admin@northwind.example", "evaluator@parlance.example", "candidate@northwind.example", "news@parlance.example"] as const;

export async function signInAll(t: TestApp): Promise<Record<string, string>> {
  const cookies: Record<string, string> = {};
  for (const email of [...BACK_OFFICE_EMAILS, ...REFUSED_EMAILS]) cookies[email] = await t.signIn(email);
  return cookies;
}

let counter = 0;
/** A new test's form, unique by name and content key. */
export function newTestForm(extra: Record<string, unknown> = {}) {
  const n = `${Date.now().toString(36)}${++counter}`;
  return {
    description: `Back Office Reading ${n}`,
    language_id: 140,
    method: "online",
    duration_minutes: 60,
    time_limit_minutes: 45,
    test_type: "reading",
    proctored: false,
    is_medical: false,
    is_active: true,
    content_key: `bo-reading-${n}`,
    ...extra,
  };
}

export function catalogueApi(t: TestApp) {
  return {
    list: (body: unknown, cookie?: string) => t.request({ method: "POST", url: "/api/backoffice/tests/list", cookie, body }),
    languages: (cookie?: string) => t.request({ method: "GET", url: "/api/backoffice/tests/languages", cookie }),
    get: (id: number | string, cookie?: string) => t.request({ method: "GET", url: `/api/backoffice/tests/${id}`, cookie }),
    edit: (body: unknown, cookie?: string) => t.request({ method: "POST", url: "/api/backoffice/tests/edit", cookie, body }),
    accounts: (id: number | string, cookie?: string) => t.request({ method: "GET", url: `/api/backoffice/tests/${id}/accounts`, cookie }),
    choices: (id: number | string, term: string, cookie?: string) =>
      t.request({ method: "GET", url: `/api/backoffice/tests/${id}/account_choices?term=${encodeURIComponent(term)}`, cookie }),
    allow: (id: number | string, body: unknown, cookie?: string) => t.request({ method: "POST", url: `/api/backoffice/tests/${id}/accounts/add`, cookie, body }),
    price: (id: number | string, body: unknown, cookie?: string) => t.request({ method: "POST", url: `/api/backoffice/account_tests/${id}/edit`, cookie, body }),
    remove: (id: number | string, cookie?: string) => t.request({ method: "POST", url: `/api/backoffice/account_tests/${id}/remove`, cookie, body: {} }),
  };
}

/** Creates a test as the Administrator; answers its id. */
export async function createTest(t: TestApp, cookie: string, extra: Record<string, unknown> = {}) {
  const form = newTestForm(extra);
  const res = await catalogueApi(t).edit(form, cookie);
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return { id: (res.json() as { id: number }).id, form };
}

/** A file of a content upload: `content` (the .json) or `media`. */
export interface UploadPart {
  field: string;
  name: string;
  bytes: Buffer;
}

/** A multipart body of files, as the content panel's FormData sends it. */
export function filesBody(files: UploadPart[]) {
  const boundary = `----parlance${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), f.bytes, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function contentApi(t: TestApp) {
  const post = (url: string, files: UploadPart[], cookie?: string) => {
    const body = filesBody(files);
    return t.app.inject({ method: "POST", url, headers: { origin: "http://localhost:3000", ...(cookie ? { cookie } : {}), "content-type": body.contentType }, payload: body.payload });
  };
  return {
    versions: (id: number | string, cookie?: string, page = 1) => t.request({ method: "GET", url: `/api/backoffice/tests/${id}/content?page=${page}`, cookie }),
    check: (id: number | string, files: UploadPart[], cookie?: string) => post(`/api/backoffice/tests/${id}/content/check`, files, cookie),
    publish: (id: number | string, files: UploadPart[], cookie?: string) => post(`/api/backoffice/tests/${id}/content/publish`, files, cookie),
  };
}
