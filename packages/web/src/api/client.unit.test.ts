import { afterEach, describe, expect, it, vi } from "vitest";
import { candidateRoutes, takingRoutes, uploadRoutes } from "@parlance/contract";
import { ApiCallError, call, callWithProgress, hrefOf, retryAfterMsOf, type FetchLike } from "./client";

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

describe("hrefOf", () => {
  it("fills the params and writes a GET's input as the query, leaving out fields without a value", () => {
    expect(hrefOf(candidateRoutes.download, undefined, {})).toBe("/api/candidates/download");
    expect(hrefOf(candidateRoutes.download, undefined, { query: 'last:"de la cruz"' })).toBe("/api/candidates/download?query=last%3A%22de%20la%20cruz%22");
    expect(hrefOf(takingRoutes.save, { id: 5 })).toBe("/api/test_content/save_progress/5");
  });
});

/** An XMLHttpRequest that answers with the given status, headers and text once sent. */
function fakeXhr(status: number, text: string, headers: Record<string, string> = {}) {
  const xhr = {
    status: 0,
    responseText: "",
    upload: {} as { onprogress?: (e: { loaded: number; total: number; lengthComputable: boolean }) => void },
    opened: [] as string[],
    open: (method: string, url: string) => void xhr.opened.push(method, url),
    setRequestHeader: () => undefined,
    getResponseHeader: (name: string) => headers[name] ?? null,
    abort: () => xhr.onabort?.(),
    send: () =>
      queueMicrotask(() => {
        xhr.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true });
        xhr.status = status;
        xhr.responseText = text;
        xhr.onload?.();
      }),
    onload: undefined as undefined | (() => void),
    onabort: undefined as undefined | (() => void),
  };
  return xhr;
}
const asXhr = (x: ReturnType<typeof fakeXhr>) => () => x as unknown as XMLHttpRequest;

describe("callWithProgress", () => {
  const confirmed = { imported: 1 };
  it("reports the bytes and the streamed progress lines, and resolves with the result line", async () => {
    const xhr = fakeXhr(200, `${JSON.stringify({ progress: { phase: "importing", done: 1, total: 2 } })}\n${JSON.stringify({ result: confirmed })}\n`, { "content-type": "application/x-ndjson" });
    const seen: unknown[] = [];
    const result = await callWithProgress(uploadRoutes.confirm, { data: "a".repeat(32) }, undefined, { onProgress: (p) => seen.push(p), xhr: asXhr(xhr) });
    expect(result).toEqual(confirmed);
    expect(xhr.opened).toEqual(["POST", "/testing/candidates/confirm"]);
    expect(seen).toEqual([{ phase: "uploading", done: 5, total: 10 }, { phase: "importing", done: 1, total: 2 }]);
  });

  it("fails as call does: a 4xx keeps its message, a 5xx and an error line of 500 say the route's failure", async () => {
    const refuse = (status: number, text: string, headers?: Record<string, string>) =>
      callWithProgress(uploadRoutes.confirm, { data: "a".repeat(32) }, undefined, { xhr: asXhr(fakeXhr(status, text, headers)) }).catch((e: unknown) => e);
    expect(await refuse(400, JSON.stringify({ message: "No.", messageKey: "upload.messages.notFound" }))).toMatchObject({ status: 400, message: "No.", messageKey: "upload.messages.notFound", ownMessage: true });
    const busy = await refuse(503, JSON.stringify({ message: "Busy." }), { "retry-after": "30" });
    expect(busy).toBeInstanceOf(ApiCallError);
    expect(busy).toMatchObject({ status: 503, messageKey: "specMessages.generic", ownMessage: false, retryAfterMs: 30_000 });
    const line = JSON.stringify({ error: { status: 500, message: "An error occurred.", messageKey: "errors.generic" } });
    expect(await refuse(200, `${line}\n`, { "content-type": "application/x-ndjson" })).toMatchObject({ status: 500, messageKey: "specMessages.generic", ownMessage: false });
  });
});
