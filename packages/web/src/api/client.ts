import type { RouteDef, RouteInput, RouteOutput, RouteParams, ApiError } from "@parlance/contract";

/** A failed call: the HTTP status and the server's `{message, messageKey}`. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly messageKey?: string,
    readonly issues?: ApiError["issues"],
  ) {
    super(message);
  }
}

function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? "")));
}

/**
 * The one typed way the web app calls the server: paths, methods and payload types come from the
 * contract, so a screen cannot drift from the API.
 */
export async function call<R extends RouteDef>(
  route: R,
  input: RouteInput<R>,
  params?: RouteParams<R>,
  init: { signal?: AbortSignal } = {},
): Promise<RouteOutput<R>> {
  let url = fillPath(route.path, params as Record<string, unknown> | undefined);
  const options: RequestInit = { method: route.method, credentials: "same-origin", signal: init.signal, headers: { accept: "application/json" } };
  if (route.method === "GET") {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries((input ?? {}) as Record<string, unknown>)) if (v !== undefined && v !== null) query.set(k, String(v));
    const qs = query.toString();
    if (qs) url += `?${qs}`;
  } else {
    options.headers = { ...options.headers, "content-type": "application/json" };
    options.body = JSON.stringify(input ?? {});
  }
  let res: Response;
  try {
    res = await fetch(url, options);
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new ApiCallError(0, "The server could not be reached. Check your connection and try again.", "errors.network");
  }
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) {
    const e = (body ?? {}) as Partial<ApiError>;
    throw new ApiCallError(res.status, e.message ?? "An error occurred.", e.messageKey ?? (e.message ? undefined : "errors.generic"), e.issues);
  }
  if (body === null) throw new ApiCallError(res.status, "The server's answer could not be read.", "errors.badBody");
  return body as RouteOutput<R>;
}
