import { specMessages, type RouteDef, type RouteInput, type RouteOutput, type RouteParams, type ApiError } from "@parlance/contract";

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
  const value = res.headers?.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? "")));
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
  let url = fillPath(route.path, params as Record<string, unknown> | undefined);
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
  if (route.method === "GET") {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries((input ?? {}) as Record<string, unknown>)) if (v !== undefined && v !== null) query.set(k, String(v));
    const qs = query.toString();
    if (qs) url += `?${qs}`;
  } else if (init.formData) {
    options.body = init.formData;
  } else {
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
    if (!res.ok) {
      const e = (body ?? {}) as Partial<ApiError>;
      // A 5xx says nothing the person can act on (the server hides its details): the route's own words.
      const retryAfterMs = retryAfterMsOf(res);
      if (res.status >= 500 || typeof e.message !== "string" || !e.message) throw routeFailure(route, res.status, retryAfterMs);
      throw new ApiCallError(res.status, e.message, e.messageKey, e.issues, e.messageValues, true, retryAfterMs);
    }
    if (body === null) throw routeFailure(route, res.status);
    return body as RouteOutput<R>;
  } finally {
    clearTimeout(timer);
    init.signal?.removeEventListener("abort", cancel);
  }
}
