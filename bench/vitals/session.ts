/** The demo candidate's session and test in progress, for the first-screen benches (vitals.ts, waterfall.ts). */
import { request, type Browser } from "playwright-core";

export const ACCESS_CODE = "NW-DEMO-2026";

/**
 * A session cookie for the access code, as the code sign-in form gets it. Through Playwright's
 * client, which (in the bench only) accepts the self-signed certificate of bench:vitals' nginx.
 */
export async function signInByCode(baseURL: string, code: string): Promise<{ name: string; value: string }[]> {
  const api = await request.newContext({ ignoreHTTPSErrors: true });
  try {
    const res = await api.post(`${baseURL}/login`, {
      headers: { "content-type": "application/json", accept: "application/json", origin: baseURL },
      data: JSON.stringify({ access_code: code }),
      maxRedirects: 0,
    });
    if (res.status() !== 200) throw new Error(`sign-in by code: ${res.status()} ${await res.text()}`);
    return res
      .headersArray()
      .filter((h) => h.name.toLowerCase() === "set-cookie")
      .map((h) => {
        const [pair] = h.value.split(";");
        const at = pair!.indexOf("=");
        return { name: pair!.slice(0, at), value: pair!.slice(at + 1) };
      });
  } finally {
    await api.dispose();
  }
}

/** The code's test, started once through its screens (capability check, prelude, start dialog), unthrottled. */
export async function startTheTest(browser: Browser, baseURL: string, cookies: { name: string; value: string }[]): Promise<string> {
  const context = await browser.newContext({ baseURL, ignoreHTTPSErrors: true, locale: "en-US", timezoneId: "America/New_York", reducedMotion: "reduce" });
  context.setDefaultTimeout(30_000);
  await context.addCookies(cookies.map((c) => ({ ...c, url: baseURL })));
  try {
    const page = await context.newPage();
    await page.goto("/testing/tests");
    const link = page.getByRole("link", { name: /take test|start|continue/i }).first();
    const href = (await link.getAttribute("href"))!;
    await page.goto(href);
    await page.getByRole("checkbox", { name: "I can hear the sample sound" }).check();
    await page.getByRole("checkbox", { name: "The sample text reads correctly" }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("checkbox", { name: /I confirm that I am the person/ }).check();
    await page.getByRole("button", { name: "Start Test" }).click();
    await page.getByRole("dialog", { name: "Start the test?" }).getByRole("button", { name: "Start", exact: true }).click();
    await page.getByRole("region", { name: "Test progress" }).waitFor();
    return new URL(page.url()).pathname;
  } finally {
    await context.close();
  }
}
