import { afterEach, describe, expect, it, vi } from "vitest";
import { takingRoutes } from "@parlance/contract";
import { ApiCallError, call, retryAfterMsOf, type FetchLike } from "./client";

const ok = () => new Response(JSON.stringify({ saved: [], time_limit: null }), { status: 200 });
const body = (n: number) => ({ id: 5, candidate_test_items: [{ id: "q1", response: "x".repeat(n), seq: 1 }] });

/** A fetch that records what it was given and never answers until aborted. */
function hangingFetch() {
  const seen: RequestInit[] = [];
  const fetchFn: FetchLike = (_url, init) => {
    seen.push(init);
    return new Promise((_, reject) => init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
  };
  return { seen, fetchFn };
}

afterEach(() => vi.useRealTimers());

describe("call options", () => {
  it("keepalive: asked for, and dropped for a body over the browser's 64 KiB limit", async () => {
    const seen: RequestInit[] = [];
    const fetchFn: FetchLike = async (_url, init) => (seen.push(init), ok());
    await call(takingRoutes.save, body(10), { id: 5 }, { keepalive: true, fetch: fetchFn });
    await call(takingRoutes.save, body(70_000), { id: 5 }, { keepalive: true, fetch: fetchFn });
    await call(takingRoutes.save, body(10), { id: 5 }, { fetch: fetchFn });
    expect(seen.map((i) => Boolean(i.keepalive))).toEqual([true, false, false]);
  });

  it("timeoutMs: a call that never answers is given up as a network failure (status 0)", async () => {
    vi.useFakeTimers();
    const { fetchFn } = hangingFetch();
    const result = call(takingRoutes.save, body(1), { id: 5 }, { timeoutMs: 15_000, fetch: fetchFn }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(await Promise.race([result, Promise.resolve("pending")])).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    const err = await result;
    expect(err).toBeInstanceOf(ApiCallError);
    // No answer: the route's spec §8 failure message (save_progress: test content).
    expect(err).toMatchObject({ status: 0, message: "An error occurred while accessing test content.", messageKey: "specMessages.testContentFailure" });
  });

  it("signal: the caller's cancel is thrown as an AbortError, not a failure", async () => {
    const { fetchFn } = hangingFetch();
    const controller = new AbortController();
    const result = call(takingRoutes.save, body(1), { id: 5 }, { signal: controller.signal, timeoutMs: 15_000, fetch: fetchFn }).catch((e: unknown) => e);
    controller.abort();
    const err = await result;
    expect(err).not.toBeInstanceOf(ApiCallError);
    expect((err as Error).name).toBe("AbortError");
  });

  it("sends to the route's path with the params filled in", async () => {
    const urls: string[] = [];
    await call(takingRoutes.submit, body(1), { id: 5 }, { fetch: async (url) => (urls.push(url), ok()) });
    expect(urls).toEqual(["/api/test_content/submit_test/5"]);
  });

  it("a 5xx, a 4xx without a message, an unreadable answer and no answer give the route's spec §8 message; a 4xx's own message stays", async () => {
    const answer = (status: number, body: string) => async () => new Response(body, { status, headers: { "content-type": "application/json" } });
    const failureOf = (fetchFn: FetchLike) => call(takingRoutes.submit, body(1), { id: 5 }, { fetch: fetchFn }).catch((e: unknown) => e as ApiCallError);
    const spec = { message: "An error occurred while submitting your test answers.", messageKey: "specMessages.submitAnswersFailure", ownMessage: false };
    expect(await failureOf(answer(500, JSON.stringify({ message: "An error occurred.", messageKey: "errors.generic" })))).toMatchObject({ status: 500, ...spec });
    expect(await failureOf(answer(502, "<html>Bad gateway</html>"))).toMatchObject({ status: 502, ...spec });
    expect(await failureOf(answer(404, "{}"))).toMatchObject({ status: 404, ...spec });
    expect(await failureOf(answer(200, "not json"))).toMatchObject({ status: 200, ...spec });
    expect(await failureOf(() => Promise.reject(new TypeError("Failed to fetch")))).toMatchObject({ status: 0, ...spec });
    const own = await failureOf(answer(409, JSON.stringify({ message: "The time for this test is over.", messageKey: "taking.messages.timeOver" })));
    expect(own).toMatchObject({ status: 409, message: "The time for this test is over.", messageKey: "taking.messages.timeOver", ownMessage: true });
  });
  it("reads Retry-After, in seconds or as a date, into the failure", async () => {
    const busy = (retryAfter: string) => async () =>
      new Response(JSON.stringify({ message: "An error occurred while accessing test content." }), { status: 503, headers: { "retry-after": retryAfter } });
    const failureOf = (fetchFn: FetchLike) => call(takingRoutes.submit, body(1), { id: 5 }, { fetch: fetchFn }).catch((e: unknown) => e as ApiCallError);
    expect(await failureOf(busy("2"))).toMatchObject({ status: 503, retryAfterMs: 2_000 });
    expect(await failureOf(busy("soon"))).toMatchObject({ status: 503, retryAfterMs: undefined });
    const now = Date.parse("2026-11-28T10:00:00Z");
    expect(retryAfterMsOf(new Response(null, { headers: { "retry-after": "Sat, 28 Nov 2026 10:00:30 GMT" } }), now)).toBe(30_000);
    expect(retryAfterMsOf(new Response(null), now)).toBeUndefined();
  });
});
