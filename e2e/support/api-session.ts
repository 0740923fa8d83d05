import { expect } from "vitest";
import { DEMO_PASSWORD } from "./browser";

/** A JSON call of one signed-in person: the answer must be 200, else the test fails with its body. */
export type Api = <T>(method: "GET" | "POST", url: string, body?: unknown) => Promise<T>;

/** Signs a demo person in through /login on `baseUrl` and answers their API session. */
export async function apiSession(baseUrl: string, email: string): Promise<Api> {
  const login = await fetch(`${baseUrl}/login`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", origin: baseUrl },
    body: JSON.stringify({ email_address: email, password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return async <T>(method: "GET" | "POST", url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { cookie, origin: baseUrl, accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    expect(res.status, `${method} ${url}: ${text}`).toBe(200);
    return JSON.parse(text) as T;
  };
}

/**
 * A new Northwind candidate in Boston (English, with a health care role and specialty, as the
 * medical account asks), made by the administrator's session; answers the candidate's id.
 */
export async function newBostonCandidate(admin: Api, firstName: string, lastName: string): Promise<number> {
  const { offices } = await admin<{ offices: { id: number; name: string }[] }>("POST", "/api/offices/list", { page: 1 });
  const { roles } = await admin<{ roles: { id: number; specialties: { id: number }[] }[] }>("GET", "/api/healthcare_roles/get_roles");
  const role = roles.find((r) => r.specialties.length > 0)!;
  const { id } = await admin<{ id: number }>("POST", "/api/candidates/edit", {
    firstName,
    lastName,
    emailAddress: `${firstName}.${lastName}.${Date.now()}@example.test`.toLowerCase(),
    languageId: 140,
    officeId: offices.find((o) => o.name === "Boston")!.id,
    healthCareRoleId: role.id,
    healthCareSpecialtyId: role.specialties[0].id,
  });
  return id;
}

/**
 * Assigns the test named `label` (as the assign form lists it) to a candidate through
 * create_tests, without notifying them; answers the assigned tests and the account test's id.
 */
export async function assignTestNamed(admin: Api, candidateId: number, label: string, options: Record<string, boolean> = {}) {
  const offered = await admin<{ label: string; value: string }[]>("GET", `/api/test_assignment/available_tests/${candidateId}`);
  const test = offered.find((o) => o.label === label);
  expect(test, `${label} is offered`).toBeDefined();
  const { assigned } = await admin<{ assigned: { id: number; accessCode: string }[] }>("POST", `/api/test_assignment/create_tests/${candidateId}`, {
    test_objects: [test!.value],
    notify_candidate: false,
    ...options,
  });
  return { assigned, accountTestId: Number(test!.value.split(":")[1]) };
}
