import type { RouteDef, RouteInput, RouteOutput, RouteParams, ApiError } from "@parlance/contract";

/** A failed call: the HTTP status and the server's `{message, messageKey}`. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly messageKey?: string,
    readonly issues?: ApiError["issues"],
    readonly messageValues?: ApiError["messageValues"],
  ) {
    super(message);
  }
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

const unreachable = () => new ApiCallError(0, "The server could not be reached. Check your connection and try again.", "errors.network");
const noAnswerInTime = () => new ApiCallError(0, "The server did not answer in time.", "errors.network");

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
      if (timedOut) throw noAnswerInTime();
      if (init.signal?.aborted || (err as Error).name === "AbortError") throw err;
      throw unreachable();
    }
    const body = (await res.json().catch(() => null)) as unknown;
    if (timedOut) throw noAnswerInTime();
    if (!res.ok) {
      const e = (body ?? {}) as Partial<ApiError>;
      throw new ApiCallError(res.status, e.message ?? "An error occurred.", e.messageKey ?? (e.message ? undefined : "errors.generic"), e.issues, e.messageValues);
    }
    if (body === null) throw new ApiCallError(res.status, "The server's answer could not be read.", "errors.badBody");
    return body as RouteOutput<R>;
  } finally {
    clearTimeout(timer);
    init.signal?.removeEventListener("abort", cancel);
  }
}
