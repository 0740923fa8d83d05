import { takingRoutes, type RouteOutput } from "@parlance/contract";
import type { OutgoingItem } from "./answer-queue";

export type SaveOutput = RouteOutput<typeof takingRoutes.save>;
export type SubmitOutput = RouteOutput<typeof takingRoutes.submit>;

export interface ProgressBody {
  id: number;
  candidate_test_items: OutgoingItem[];
  seconds_taken?: number;
}

/**
 * Why a save or submit did not go through, which decides what happens next:
 * network and server → retried with backoff; timeOver → the attempt is closed by the clock;
 * rejected → the server refused the content (400, 401, 403, 404, another 409): shown, not retried.
 */
export type FailureKind = "network" | "server" | "timeOver" | "rejected";

export class SaveFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly status: number,
    message: string,
    readonly messageKey?: string,
  ) {
    super(message);
  }
}

const TIME_OVER_KEYS = new Set(["taking.messages.timeOver", "taking.messages.timeOverSubmitted"]);

/**
 * A save that has not answered by then is given up and retried: a half-open connection (a flaky
 * network, a server that stopped mid-request) must not hold every later save behind it.
 */
export const SAVE_TIMEOUT_MS = 15_000;
export const SUBMIT_TIMEOUT_MS = 30_000;

/** Browsers refuse a keepalive request whose body is over 64 KiB; a long translation is sent normally. */
const KEEPALIVE_MAX_BYTES = 60_000;

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface Transport {
  save(body: ProgressBody, options?: { keepalive?: boolean }): Promise<SaveOutput>;
  submit(body: ProgressBody): Promise<SubmitOutput>;
}

async function post<T>(fetchFn: FetchLike, path: string, body: ProgressBody, keepalive: boolean, timeoutMs: number): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await postOnce<T>(fetchFn, path, body, keepalive, controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

async function postOnce<T>(fetchFn: FetchLike, path: string, body: ProgressBody, keepalive: boolean, signal: AbortSignal): Promise<T> {
  const json = JSON.stringify(body);
  const init: RequestInit = {
    method: "POST",
    credentials: "same-origin",
    // Same origin and JSON: what the server's CSRF check (http/same-origin.ts) accepts, keepalive included.
    headers: { accept: "application/json", "content-type": "application/json" },
    body: json,
    keepalive: keepalive && json.length <= KEEPALIVE_MAX_BYTES,
    signal,
  };
  let res: Response;
  try {
    res = await fetchFn(path.replace(":id", String(body.id)), init);
  } catch {
    throw new SaveFailure("network", 0, "The server could not be reached.", "errors.network");
  }
  const answer = (await res.json().catch(() => null)) as { message?: string; messageKey?: string } | null;
  if (signal.aborted) throw new SaveFailure("network", 0, "The server did not answer in time.", "errors.network");
  if (res.ok && answer) return answer as T;
  const message = answer?.message ?? "An error occurred.";
  if (res.ok || res.status >= 500 || res.status === 429 || res.status === 408) throw new SaveFailure("server", res.status, message, answer?.messageKey);
  if ((res.status === 409 || res.status === 422) && answer?.messageKey && TIME_OVER_KEYS.has(answer.messageKey)) {
    throw new SaveFailure("timeOver", res.status, message, answer.messageKey);
  }
  throw new SaveFailure("rejected", res.status, message, answer?.messageKey);
}

/** save_progress and submit_test over fetch (injectable for tests). */
export function fetchTransport(fetchFn: FetchLike = (url, init) => fetch(url, init)): Transport {
  return {
    save: (body, options) => post<SaveOutput>(fetchFn, takingRoutes.save.path, body, options?.keepalive ?? false, SAVE_TIMEOUT_MS),
    submit: (body) => post<SubmitOutput>(fetchFn, takingRoutes.submit.path, body, false, SUBMIT_TIMEOUT_MS),
  };
}
