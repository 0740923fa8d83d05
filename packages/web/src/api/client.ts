import { readUrlOf, specMessages, type RouteDef, type RouteInput, type RouteOutput, type RouteParams, type ApiError } from "@parlance/contract";
import { takePageRead } from "./pageReads";

/**
 * A failed call: the HTTP status (0: no answer) and the message to show. `ownMessage` says the
 * server's 4xx answer said what went wrong; otherwise (5xx, no answer, an unreadable answer, a 4xx
 * without a message) the message is the route's spec §8 failure (`route.failure`).
 */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly messageKey?: string,
    readonly issues?: ApiError["issues"],
    readonly messageValues?: ApiError["messageValues"],
    readonly ownMessage = false,
    /** What the answer's Retry-After header asked for, in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** The route's spec §8 failure message, with its i18n key. */
function routeFailure(route: RouteDef, status: number, retryAfterMs?: number): ApiCallError {
  const key = route.failure ?? "generic";
  return new ApiCallError(status, specMessages[key], `specMessages.${key}`, undefined, undefined, false, retryAfterMs);
}

/** Retry-After in ms: delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function retryAfterMsOf(res: Pick<Response, "headers">, now = Date.now()): number | undefined {
  return retryAfterMsFrom(res.headers?.get("retry-after"), now);
}

function retryAfterMsFrom(header: string | null | undefined, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * A failed answer as the screens see it: a 4xx with a message of its own keeps it; anything else
 * (a 5xx says nothing the person can act on: the server hides its details) is the route's words.
 */
function answerFailure(route: RouteDef, status: number, body: unknown, retryAfterMs?: number): ApiCallError {
  const e = (body ?? {}) as Partial<ApiError>;
  if (status >= 500 || typeof e.message !== "string" || !e.message) return routeFailure(route, status, retryAfterMs);
  return new ApiCallError(status, e.message, e.messageKey, e.issues, e.messageValues, true, retryAfterMs);
}

/**
 * The URL of a route for a link, a download or a media src: its path with the params filled, and
 * (a GET) its input as the query, fields without a value left out. A renamed route or param fails
 * to compile here instead of going stale in a string.
 */
export function hrefOf<R extends RouteDef>(route: R, params: RouteParams<R>, query?: RouteInput<R>): string {
  const url = readUrlOf(route, params as Record<string, unknown> | undefined);
  const pairs = Object.entries((query ?? {}) as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return pairs.length ? `${url}?${pairs.join("&")}` : url;
}

/** fetch as the client calls it; tests pass a fake. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface CallOptions {
  /** Cancels the call (react-query passes one): the AbortError is thrown as is. */
  signal?: AbortSignal;
  /** Lets the request outlive the page (sent on page hide). Bodies over the browser's 64 KiB limit go as a normal request. */
  keepalive?: boolean;
  /** Gives up after this long: a half-open connection must not hold the caller forever. Fails as a network error (status 0). */
  timeoutMs?: number;
  fetch?: FetchLike;
  /** A multipart upload (a file): sent as the body instead of the JSON input, with the browser's own content type. */
  formData?: FormData;
}

/** Browsers refuse a keepalive request whose body is over 64 KiB. */
const KEEPALIVE_MAX_CHARS = 60_000;

/**
 * The one typed way the web app calls the server: paths, methods and payload types come from the
 * contract, so a screen cannot drift from the API.
 */
export async function call<R extends RouteDef>(
  route: R,
  input: RouteInput<R>,
  params?: RouteParams<R>,
  init: CallOptions = {},
): Promise<RouteOutput<R>> {
  const get = route.method === "GET";
  const url = readUrlOf(route, params as Record<string, unknown> | undefined, get ? (input as Record<string, unknown> | undefined) : undefined);
  // The first screen's reads may be answered in the page itself (api/pageReads.ts).
  if (get && !init.signal?.aborted) {
    const answered = takePageRead(url);
    if (answered !== undefined) return answered as RouteOutput<R>;
  }
  // One signal for the caller's cancel and the timeout, so either stops the request and the body read.
  const controller = new AbortController();
  const cancel = () => controller.abort(init.signal?.reason);
  if (init.signal?.aborted) cancel();
  else init.signal?.addEventListener("abort", cancel, { once: true });
  let timedOut = false;
  const timer =
    init.timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, init.timeoutMs);
  const options: RequestInit = { method: route.method, credentials: "same-origin", signal: controller.signal, headers: { accept: "application/json" } };
  // A GET's input is in its URL (readUrlOf).
  if (!get && init.formData) {
    options.body = init.formData;
  } else if (!get) {
    options.headers = { ...options.headers, "content-type": "application/json" };
    options.body = JSON.stringify(input ?? {});
  }
  if (init.keepalive) options.keepalive = String(options.body ?? "").length <= KEEPALIVE_MAX_CHARS;
  try {
    let res: Response;
    try {
      res = await (init.fetch ?? fetch)(url, options);
    } catch (err) {
      if (timedOut) throw routeFailure(route, 0);
      if (init.signal?.aborted || (err as Error).name === "AbortError") throw err;
      throw routeFailure(route, 0);
    }
    const body = (await res.json().catch(() => null)) as unknown;
    if (timedOut) throw routeFailure(route, 0);
    if (!res.ok) throw answerFailure(route, res.status, body, retryAfterMsOf(res));
    if (body === null) throw routeFailure(route, res.status);
    return body as RouteOutput<R>;
  } finally {
    clearTimeout(timer);
    init.signal?.removeEventListener("abort", cancel);
  }
}

/** How far the request body has gone up (XMLHttpRequest's upload progress). */
export interface SendProgress {
  phase: "uploading";
  done: number;
  total: number;
}

export interface ProgressOptions<P> {
  /** Cancels the request: the promise rejects with an AbortError, as `call` does. */
  signal?: AbortSignal;
  /** A multipart upload (a file): sent as the body instead of the JSON input. */
  formData?: FormData;
  /** The body's bytes going up, then the server's own progress lines. */
  onProgress?: (p: SendProgress | P) => void;
  /** The request object; tests pass a fake. */
  xhr?: () => XMLHttpRequest;
}

/** A line of a streamed answer (application/x-ndjson): progress as the work goes, then the result or an error. */
type StreamLine<P> = { progress?: P; result?: unknown; error?: { status: number; message?: string; messageKey?: string } };

/**
 * `call` with visible progress, for uploads: XMLHttpRequest reports the body's bytes, and an
 * application/x-ndjson answer is read as it streams (`P`: the route's progress lines). Fails with
 * the same ApiCallError and the same failure messages as `call`.
 */
export function callWithProgress<R extends RouteDef, P = never>(
  route: R,
  input: RouteInput<R>,
  params?: RouteParams<R>,
  init: ProgressOptions<P> = {},
): Promise<RouteOutput<R>> {
  return new Promise<RouteOutput<R>>((resolve, reject) => {
    const xhr = init.xhr?.() ?? new XMLHttpRequest();
    const get = route.method === "GET";
    xhr.open(route.method, get ? hrefOf(route, params as RouteParams<R>, input) : readUrlOf(route, params as Record<string, unknown> | undefined));
    xhr.setRequestHeader("accept", "application/x-ndjson");
    const body = get ? null : (init.formData ?? JSON.stringify(input ?? {}));
    if (typeof body === "string") xhr.setRequestHeader("content-type", "application/json");
    let read = 0;
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      init.signal?.removeEventListener("abort", abort);
      done();
    };
    const streaming = () => xhr.status === 200 && (xhr.getResponseHeader("content-type") ?? "").includes("ndjson");
    // The complete lines that came since the last read; a half-written last line waits for the next.
    const take = () => {
      if (!streaming()) return;
      const text = xhr.responseText;
      const end = text.lastIndexOf("\n");
      if (end < read) return;
      const chunk = text.slice(read, end);
      read = end + 1;
      for (const raw of chunk.split("\n")) {
        let line: StreamLine<P>;
        try {
          line = JSON.parse(raw) as StreamLine<P>;
        } catch {
          continue;
        }
        if (line.progress) init.onProgress?.(line.progress);
        if (line.result !== undefined) settle(() => resolve(line.result as RouteOutput<R>));
        if (line.error) settle(() => reject(answerFailure(route, line.error!.status, line.error)));
      }
    };
    xhr.upload.onprogress = (e) => init.onProgress?.({ phase: "uploading", done: e.loaded, total: e.lengthComputable ? e.total : e.loaded });
    xhr.onprogress = take;
    xhr.onload = () => {
      take();
      if (settled) return;
      let answer: unknown = null;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON (a proxy's page, a cut stream): the route's failure below.
      }
      const ok = xhr.status >= 200 && xhr.status < 300 && !streaming() && answer !== null;
      const retryAfterMs = retryAfterMsFrom(xhr.getResponseHeader("retry-after"));
      settle(() => (ok ? resolve(answer as RouteOutput<R>) : reject(xhr.status >= 200 && xhr.status < 300 ? routeFailure(route, xhr.status) : answerFailure(route, xhr.status, answer, retryAfterMs))));
    };
    xhr.onerror = () => settle(() => reject(routeFailure(route, 0)));
    xhr.onabort = () => settle(() => reject(new DOMException("Aborted", "AbortError")));
    const abort = () => xhr.abort();
    if (init.signal?.aborted) return settle(() => reject(new DOMException("Aborted", "AbortError")));
    init.signal?.addEventListener("abort", abort, { once: true });
    xhr.send(body);
  });
}
