/**
 * One step of the wave: N candidates arrive at random moments within the ramp (60 s: a school's
 * exam session opening) and each does what the web app does, with its exact requests
 * (packages/contract's routes; web features/auth and features/taking):
 *
 *   login page        GET  /api/startup                       (anonymous: every screen asks first)
 *   sign-in           POST /login {access_code}               → the session cookie
 *   signed-in page    GET  /api/startup, GET /api/tests/list  (the Take a Test list)
 *   test page         GET  /api/tests/show/:id                → reads the instructions (BENCH_THINK_SECONDS)
 *   start             POST /api/test_content/start_test/:id, then GET get_section?section=<id> for
 *                     every section at once (TestInProgress's useQueries)
 *   taking            POST save_progress every 5 s (one answer, as the autosave), POST /api/heartbeat every 60 s
 *   submit            POST /api/test_content/submit_test/:id after BENCH_TEST_SECONDS
 *
 * POSTs carry Origin (the same-origin check) and content-type JSON, as fetch sends them. A
 * candidate's latency counts from when the request was due (its timer, or the previous answer plus
 * thinking), so queueing in this process and in the deployment both count. Candidates are spread
 * over client addresses (127.0.0.x, BENCH_PER_ADDRESS each: a school behind one NAT address), which
 * nginx passes on as X-Forwarded-For: the sign-in limits count per address.
 */
import http from "node:http";
import { ITEM_KINDS, RESPONSE_KINDS, type ItemKind } from "@parlance/contract";
import { codeOf, type WaveCandidates } from "./setup.js";
import { answerFor, type Answerable } from "../autosave/setup.js";

export const SAVE_EVERY_MS = 5_000;
export const HEARTBEAT_EVERY_MS = 60_000;

export const REQUEST_TYPES = ["startup", "login", "list", "show", "start", "section", "save", "heartbeat", "submit"] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

export interface Sample {
  type: RequestType;
  /** When it was due, ms since the step began. */
  at: number;
  ms: number;
  status: number;
}

export interface WaveOptions {
  base: URL;
  candidates: WaveCandidates;
  /** First candidate index of this step (each step takes fresh candidates). */
  first: number;
  count: number;
  rampMs: number;
  thinkMs: number;
  testMs: number;
  perAddress: number;
}

interface Reply {
  status: number;
  body: string;
  cookie?: string;
}

function request(agent: http.Agent, base: URL, method: "GET" | "POST", pathname: string, cookie: string | undefined, body?: unknown): Promise<Reply> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string | number> = { accept: "application/json", "sec-fetch-site": "same-origin" };
  if (cookie) headers.cookie = cookie;
  if (payload !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-length"] = Buffer.byteLength(payload);
    headers.origin = base.origin;
  }
  return new Promise((resolve) => {
    const req = http.request({ agent, host: base.hostname, port: base.port, method, path: pathname, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const set = res.headers["set-cookie"]?.find((c) => c.startsWith("parlance_session="));
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), cookie: set?.split(";")[0] });
      });
      res.on("error", () => resolve({ status: 0, body: "" }));
    });
    req.on("error", () => resolve({ status: 0, body: "" }));
    req.end(payload);
  });
}

type ItemView = { id: string; item_type_id: number; choices: { id: string }[] | null; max_length: number | null };
const KIND_OF_TYPE = new Map<number, string>(Object.entries(ITEM_KINDS).map(([kind, typeId]) => [typeId, kind]));
/** An item as the section sends it, as the answer maker needs it. */
const answerable = (it: ItemView): Answerable => ({ id: it.id, kind: KIND_OF_TYPE.get(it.item_type_id) ?? "", choices: it.choices ?? undefined, max_length: it.max_length ?? undefined });

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));
const ok = (status: number) => status >= 200 && status < 300;

export interface StepRun {
  samples: Sample[];
  /** Statuses of failed requests by type, e.g. "login 429" → count. */
  failures: Map<string, number>;
  /** ms since the step began: the last candidate's sections loaded, the first submit sent. */
  allStartedAt: number;
  firstSubmitAt: number;
  durationMs: number;
}

/** Runs one step: resolves when every candidate has submitted (or given up after a failure). */
export async function runStep(o: WaveOptions, onSecond?: (elapsedMs: number, samples: Sample[]) => void): Promise<StepRun> {
  const t0 = performance.now();
  const now = () => performance.now() - t0;
  const samples: Sample[] = [];
  const failures = new Map<string, number>();
  let allStartedAt = 0;
  let firstSubmitAt = Infinity;
  // One agent per client address: keep-alive connections, as many as the school's browsers open.
  const agents = new Map<number, http.Agent>();
  const agentFor = (i: number) => {
    const a = 2 + Math.floor(i / o.perAddress);
    if (!agents.has(a)) agents.set(a, new http.Agent({ keepAlive: true, maxSockets: o.perAddress, localAddress: `127.0.0.${a}` } as http.AgentOptions));
    return agents.get(a)!;
  };

  const candidate = async (i: number): Promise<void> => {
    const agent = agentFor(i);
    const session: { cookie?: string } = {};
    const call = async (type: RequestType, due: number, method: "GET" | "POST", pathname: string, body?: unknown): Promise<Reply | null> => {
      const reply = await request(agent, o.base, method, pathname, session.cookie, body);
      samples.push({ type, at: due, ms: now() - due, status: reply.status });
      if (ok(reply.status)) return reply;
      const key = `${type} ${reply.status || "no answer"}`;
      failures.set(key, (failures.get(key) ?? 0) + 1);
      return null;
    };
    const arrive = Math.random() * o.rampMs;
    await sleep(arrive - now());
    if (!(await call("startup", arrive, "GET", "/api/startup"))) return;
    const login = await call("login", now(), "POST", "/login", { access_code: codeOf(o.candidates, o.first + i) });
    if (!login?.cookie) return;
    session.cookie = login.cookie;
    const redirect = (JSON.parse(login.body) as { redirect: string }).redirect;
    const id = Number(/\/testing\/tests\/(\d+)/.exec(redirect)?.[1]);
    if (!id) throw new Error(`the access code led to ${redirect}, not a test page`);
    if (!(await call("startup", now(), "GET", "/api/startup"))) return;
    if (!(await call("list", now(), "GET", "/api/tests/list"))) return;
    if (!(await call("show", now(), "GET", `/api/tests/show/${id}`))) return;
    const readUntil = now() + o.thinkMs;
    await sleep(o.thinkMs);
    const start = await call("start", readUntil, "POST", `/api/test_content/start_test/${id}`, {});
    if (!start) return;
    const content = JSON.parse(start.body) as { candidate_test_sections: { id: number }[] };
    const sectionsDue = now();
    const sections = await Promise.all(content.candidate_test_sections.map((s) => call("section", sectionsDue, "GET", `/api/test_content/get_section/${id}?section=${s.id}`)));
    if (sections.some((s) => !s)) return;
    allStartedAt = Math.max(allStartedAt, now());
    const items = sections.flatMap((s) => (JSON.parse(s!.body) as { items: ItemView[] }).items.map(answerable)).filter((it) => RESPONSE_KINDS.includes(it.kind as ItemKind));
    const startedAt = now();
    const submitAt = startedAt + o.testMs;
    let seq = Date.now() * 1000;
    let last = { id: items[0].id, response: answerFor(items[0], i), seq };
    const saves = (async () => {
      for (let n = 1; startedAt + n * SAVE_EVERY_MS < submitAt; n++) {
        const due = startedAt + n * SAVE_EVERY_MS;
        await sleep(due - now());
        const item = items[n % items.length];
        last = { id: item.id, response: answerFor(item, n + i), seq: ++seq };
        const saved = await call("save", due, "POST", `/api/test_content/save_progress/${id}`, {
          id,
          candidate_test_items: [last],
          seconds_taken: Math.floor((due - startedAt) / 1000),
        });
        if (!saved) return;
      }
    })();
    const heartbeats = (async () => {
      for (let n = 1; startedAt + n * HEARTBEAT_EVERY_MS < submitAt; n++) {
        const due = startedAt + n * HEARTBEAT_EVERY_MS;
        await sleep(due - now());
        if (!(await call("heartbeat", due, "POST", "/api/heartbeat", { id }))) return;
      }
    })();
    await Promise.all([saves, heartbeats]);
    await sleep(submitAt - now());
    firstSubmitAt = Math.min(firstSubmitAt, now());
    await call("submit", submitAt, "POST", `/api/test_content/submit_test/${id}`, { id, candidate_test_items: [last], seconds_taken: Math.floor(o.testMs / 1000) });
  };

  const ticker = onSecond && setInterval(() => onSecond(now(), samples), 1000);
  await Promise.all(Array.from({ length: o.count }, (_, i) => candidate(i)));
  if (ticker) clearInterval(ticker);
  for (const a of agents.values()) a.destroy();
  return { samples, failures, allStartedAt, firstSubmitAt, durationMs: now() };
}
