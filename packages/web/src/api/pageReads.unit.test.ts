import { afterEach, describe, expect, it, vi } from "vitest";
import { authRoutes, PAGE_READS_ELEMENT_ID, takingShowRoutes } from "@parlance/contract";
import type { FetchLike } from "./client";

/** The page's elements by id, as the browser's document gives them (the unit tests run in Node). */
let elements = new Map<string, { textContent: string; remove(): void }>();
vi.stubGlobal("document", { getElementById: (id: string) => elements.get(id) ?? null });

/** A page with the server's answers in it (startup/page.ts), or none, as `call` takes them. */
async function pageWith(reads?: unknown) {
  elements = new Map();
  if (reads !== undefined) {
    const text = typeof reads === "string" ? reads : JSON.stringify(reads);
    elements.set(PAGE_READS_ELEMENT_ID, { textContent: text, remove: () => elements.delete(PAGE_READS_ELEMENT_ID) });
  }
  vi.resetModules(); // the answers are read once per page: a new page, a new module
  return (await import("./client")).call;
}

const startup = { language: "zh-HANS", authorized: {} };
const counting = () => {
  const urls: string[] = [];
  const fetchFn: FetchLike = async (url) => (urls.push(url), new Response(JSON.stringify({ from: "server" }), { status: 200 }));
  return { urls, fetchFn };
};

afterEach(() => void (elements = new Map()));

describe("a read the page answered", () => {
  it("is taken from the page once, without a request; the next read of it asks the server", async () => {
    const call = await pageWith({ "/api/startup?lang=zh-HANS": startup, "/api/tests/show/7": { id: 7 } });
    const { urls, fetchFn } = counting();
    expect(await call(authRoutes.startup, { lang: "zh-HANS" }, undefined, { fetch: fetchFn })).toEqual(startup);
    expect(await call(takingShowRoutes.show, {}, { id: 7 }, { fetch: fetchFn })).toEqual({ id: 7 });
    expect(urls).toEqual([]);
    expect(await call(authRoutes.startup, { lang: "zh-HANS" }, undefined, { fetch: fetchFn })).toEqual({ from: "server" });
    expect(urls).toEqual(["/api/startup?lang=zh-HANS"]);
    expect(document.getElementById(PAGE_READS_ELEMENT_ID)).toBeNull();
  });

  it("answers only its own URL: another input or another id asks the server", async () => {
    const call = await pageWith({ "/api/startup": startup, "/api/tests/show/7": { id: 7 } });
    const { urls, fetchFn } = counting();
    await call(authRoutes.startup, { lang: "en-US" }, undefined, { fetch: fetchFn });
    await call(takingShowRoutes.show, {}, { id: 8 }, { fetch: fetchFn });
    expect(urls).toEqual(["/api/startup?lang=en-US", "/api/tests/show/8"]);
  });

  it("an unreadable element, or none, leaves every read to the server", async () => {
    for (const reads of ["{not json", undefined]) {
      const call = await pageWith(reads);
      const { urls, fetchFn } = counting();
      expect(await call(authRoutes.startup, {}, undefined, { fetch: fetchFn })).toEqual({ from: "server" });
      expect(urls).toEqual(["/api/startup"]);
    }
  });

  it("a cancelled read does not use up the page's answer", async () => {
    const call = await pageWith({ "/api/startup": startup });
    const controller = new AbortController();
    controller.abort();
    const { fetchFn } = counting();
    await expect(call(authRoutes.startup, {}, undefined, { signal: controller.signal, fetch: async (_u, init) => (init.signal?.throwIfAborted(), new Response("{}")) })).rejects.toThrow();
    expect(await call(authRoutes.startup, {}, undefined, { fetch: fetchFn })).toEqual(startup);
  });

  it("is dated by when the page arrived, so that a time remaining in it is as old as the page", async () => {
    const call = await pageWith({ "/api/tests/show/7": { id: 7, time_limit: 60_000 } });
    const arrived = performance.timeOrigin + 1_234;
    const entries = vi.spyOn(performance, "getEntriesByType").mockReturnValue([{ responseStart: 1_234 } as unknown as PerformanceEntry]);
    try {
      const { readAtOf } = await import("./pageReads");
      const answer = await call(takingShowRoutes.show, {}, { id: 7 });
      expect(readAtOf(answer)).toBe(arrived);
      // An answer the server gave now is not dated by the page.
      const { fetchFn } = counting();
      expect(readAtOf(await call(takingShowRoutes.show, {}, { id: 7 }, { fetch: fetchFn }))).toBeUndefined();
    } finally {
      entries.mockRestore();
    }
  });
});
