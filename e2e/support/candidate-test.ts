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
