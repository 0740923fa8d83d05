import { takingRoutes, type RouteOutput, type RouteParsedInput } from "@parlance/contract";
import { ApiCallError, call, type FetchLike } from "../../../api/client";

export type SaveOutput = RouteOutput<typeof takingRoutes.save>;
export type SubmitOutput = RouteOutput<typeof takingRoutes.submit>;

/** What save_progress and submit_test carry (the contract's schema, defaults applied), always with the attempt's id; the journal's events added on the way (journalTransport.ts). */
type Parsed = RouteParsedInput<typeof takingRoutes.save>;
export type ProgressBody = Omit<Parsed, "events"> & { events?: Parsed["events"]; id: number };

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
    /** The server's Retry-After, in ms (a busy server's 503, a rate limit's 429). */
    readonly retryAfterMs?: number,
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

export interface Transport {
  save(body: ProgressBody, options?: { keepalive?: boolean }): Promise<SaveOutput>;
  submit(body: ProgressBody): Promise<SubmitOutput>;
}

/** Sorts the API client's failure into what the answer store does next (see FailureKind). */
function failure(err: unknown): unknown {
  if (!(err instanceof ApiCallError)) return err;
  const { status, message, messageKey, retryAfterMs } = err;
  if (status === 0) return new SaveFailure("network", 0, message, messageKey);
  // A 503 of a busy server (its autosave admission, issue 26) is one of these: retried, after its Retry-After.
  if (status < 400 || status >= 500 || status === 429 || status === 408) return new SaveFailure("server", status, message, messageKey, retryAfterMs);
  if ((status === 409 || status === 422) && messageKey && TIME_OVER_KEYS.has(messageKey)) return new SaveFailure("timeOver", status, message, messageKey);
  return new SaveFailure("rejected", status, message, messageKey);
}

async function settled<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (err) {
    throw failure(err);
  }
}

/** save_progress and submit_test through the API client (fetch injectable for tests). */
export function fetchTransport(fetchFn?: FetchLike): Transport {
  return {
    save: (body, options) =>
      settled(call(takingRoutes.save, body, { id: body.id }, { keepalive: options?.keepalive ?? false, timeoutMs: SAVE_TIMEOUT_MS, fetch: fetchFn })),
    submit: (body) => settled(call(takingRoutes.submit, body, { id: body.id }, { timeoutMs: SUBMIT_TIMEOUT_MS, fetch: fetchFn })),
  };
}
