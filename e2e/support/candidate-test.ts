import { expect } from "vitest";
import type { Page } from "playwright-core";
import { baseURL, DEMO_PASSWORD } from "./browser";

/**
 * A fresh candidate with one assigned test, made through the API as Northwind's administrator
 * would, so a browser test can take the test without using up the demo candidate's tests (the
 * demo world is shared by every browser test file of a run).
 */
export interface CandidateTest {
  candidateId: number;
  assignedTestId: number;
  accessCode: string;
  description: string;
}

/** A signed-in API session: fetch with the session cookie and our Origin (state-changing calls need it). */
export class ApiSession {
  private constructor(private readonly cookie: string) {}

  static async signIn(email: string, password = DEMO_PASSWORD): Promise<ApiSession> {
    const res = await fetch(`${baseURL()}/login`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", origin: baseURL() },
      body: JSON.stringify({ email_address: email, password }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    return new ApiSession(cookie);
  }

  async call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${baseURL()}${path}`, {
      method,
      headers: { cookie: this.cookie, origin: baseURL(), accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    expect(res.status, `${method} ${path}: ${text}`).toBe(200);
    return JSON.parse(text) as T;
  }
}

/** Creates a Boston candidate of Northwind and assigns them the test whose option label is `testLabel` (the test description). */
export async function createCandidateWithTest(testLabel = "English Reading Proficiency", firstName = "Tessa"): Promise<CandidateTest> {
  const admin = await ApiSession.signIn("admin@northwind.example");
  const { offices } = await admin.call<{ offices: { id: number; name: string }[] }>("POST", "/api/offices/list", { page: 1 });
  const boston = offices.find((o) => o.name === "Boston")!;
  const { roles } = await admin.call<{ roles: { id: number; specialties: { id: number }[] }[] }>("GET", "/api/healthcare_roles/get_roles");
  const role = roles.find((r) => r.specialties.length > 0)!;
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const { id: candidateId } = await admin.call<{ id: number }>("POST", "/api/candidates/edit", {
    firstName,
    lastName: "Taker",
    emailAddress: `${firstName.toLowerCase()}.taker.${stamp}@example.test`,
    languageId: 140,
    officeId: boston.id,
    healthCareRoleId: role.id,
    healthCareSpecialtyId: role.specialties[0].id,
  });
  const options = await admin.call<{ label: string; value: string }[]>("GET", `/api/test_assignment/available_tests/${candidateId}`);
  const option = options.find((o) => o.label === testLabel);
  expect(option, `a test option "${testLabel}" among ${options.map((o) => o.label).join(", ")}`).toBeTruthy();
  const created = await admin.call<{ assigned: { id: number; accessCode: string; description: string }[] }>("POST", `/api/test_assignment/create_tests/${candidateId}`, {
    test_objects: [option!.value],
    notify_candidate: false,
  });
  expect(created.assigned).toHaveLength(1);
  const [test] = created.assigned;
  return { candidateId, assignedTestId: test.id, accessCode: test.accessCode, description: test.description };
}

/** Signs in with an access code at /login?use_code=1, as a candidate given the code would. */
export async function signInWithCode(page: Page, accessCode: string): Promise<void> {
  await page.goto("/login?use_code=1");
  await page.getByLabel(/access code/i).fill(accessCode);
  await page.getByRole("button", { name: /sign in|continue/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/**
 * Gives a demo account the demo password again through the reset mail, as its owner would: for a
 * file that changed it, so the files after it on the same server can still sign in as that account.
 */
export async function restoreDemoPassword(email: string): Promise<void> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseURL()}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", origin: baseURL() },
      body: JSON.stringify(body),
    });
  const asked = await post("/send_password_reset", { email_address: email });
  expect(asked.status, await asked.text()).toBe(200);
  const reader = await ApiSession.signIn("admin@parlance.example");
  // The newest mail to the address (the mailbox lists the newest first) holds a fresh key. (A loop,
  // not expect.poll: this runs in afterAll hooks.)
  let key: string | undefined;
  for (const deadline = Date.now() + 15_000; ; await new Promise((r) => setTimeout(r, 250))) {
    const { mails } = await reader.call<{ mails: { to: string; text: string }[] }>("GET", "/api/dev/mailbox?page=1");
    key = mails.find((m) => m.to === email)?.text.match(/set_reset_password\?key=([\w-]+)/)?.[1];
    const check = key && (await fetch(`${baseURL()}/api/auth/key/${key}?kind=reset`, { headers: { accept: "application/json" } }));
    if (check && ((await check.json()) as { valid: boolean }).valid) break;
    if (Date.now() > deadline) throw new Error(`no usable reset mail for ${email}`);
  }
  const set = await post("/set_reset_password", { key, password: DEMO_PASSWORD, password2: DEMO_PASSWORD });
  expect(set.status, await set.text()).toBe(200);
}
