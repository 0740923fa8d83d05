import { expect } from "vitest";

/**
 * A candidate saving answers through the API without pause, as the web client does (one save at a
 * time, each with a higher seq), to watch a deployment change under load: every save's outcome is
 * counted, and every acknowledgement (the seq the server says it holds) is kept, so a test can
 * check each acknowledged answer is in the database afterwards.
 *
 * A save that gets no answer at all (the connection closed under it) is sent again at once, up to
 * twice, as a browser resends a request whose reused connection closed before any answer and as the
 * web client resends an unacknowledged save: an nginx reload closes its idle client connections, and
 * one may close just as the next save goes out on it. Those are counted in `resent`; an HTTP error,
 * or a save still unanswered after that, is a failure.
 */
export interface SaveLoad {
  /** Saves answered 200 so far. */
  readonly acknowledged: number;
  /** Stops after the save in flight; answers what happened. */
  stop(): Promise<SaveLoadResult>;
}

export interface SaveLoadResult {
  acknowledged: number;
  /** Every save that did not answer 200: status (0: no answer) and body. */
  failures: string[];
  /** Sends repeated because the connection closed before any answer (see above). */
  resent: string[];
  /** Per item, the highest seq acknowledged and the response sent with it. */
  acks: Map<string, { seq: number; response: string }>;
}

/** The text items of the English reading test (any text is a valid answer there). */
const TEXT_ITEMS = ["q8", "q9", "q12"];

/** Signs in with the test's access code, starts the test and saves until stopped (`gapMs` between saves). */
export async function startSaveLoad(baseUrl: string, test: { assignedTestId: number; accessCode: string }, gapMs = 20): Promise<SaveLoad> {
  const headers = { "content-type": "application/json", accept: "application/json", origin: baseUrl };
  const login = await fetch(`${baseUrl}/login`, { method: "POST", headers, body: JSON.stringify({ access_code: test.accessCode }) });
  expect(login.status, await login.clone().text()).toBe(200);
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const started = await fetch(`${baseUrl}/api/test_content/start_test/${test.assignedTestId}`, { method: "POST", headers: { ...headers, cookie }, body: "{}" });
  expect(started.status, await started.clone().text()).toBe(200);

  const result: SaveLoadResult = { acknowledged: 0, failures: [], resent: [], acks: new Map() };
  const sent = new Map<string, string>();
  let running = true;
  let seq = 0;
  const loop = (async () => {
    while (running) {
      seq++;
      const item = TEXT_ITEMS[seq % TEXT_ITEMS.length];
      const response = `Answer ${seq} of the load`;
      sent.set(`${item}@${seq}`, response);
      const body = JSON.stringify({ candidate_test_items: [{ id: item, response, seq }], seconds_taken: Math.floor(seq / 10) });
      for (let attempt = 1; ; attempt++) {
        let status: number;
        let text: string;
        try {
          const res = await fetch(`${baseUrl}/api/test_content/save_progress/${test.assignedTestId}`, {
            method: "POST",
            headers: { ...headers, cookie },
            body,
            signal: AbortSignal.timeout(15_000),
          });
          status = res.status;
          text = await res.text();
        } catch (err) {
          const why = `${err instanceof Error ? err.message : String(err)}${err instanceof Error && err.cause ? ` (${String((err.cause as Error).message ?? err.cause)})` : ""}`;
          if (attempt < 3) {
            result.resent.push(why);
            continue;
          }
          result.failures.push(`0 ${why}`);
          break;
        }
        if (status !== 200) {
          result.failures.push(`${status} ${text.slice(0, 200)}`);
          break;
        }
        result.acknowledged++;
        for (const ack of (JSON.parse(text) as { saved: { id: string; seq: number }[] }).saved) {
          if ((result.acks.get(ack.id)?.seq ?? -1) < ack.seq) result.acks.set(ack.id, { seq: ack.seq, response: sent.get(`${ack.id}@${ack.seq}`)! });
        }
        break;
      }
      if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
    }
  })();
  return {
    get acknowledged() {
      return result.acknowledged;
    },
    async stop() {
      running = false;
      await loop;
      return result;
    },
  };
}
