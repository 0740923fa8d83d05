import cluster from "node:cluster";
import client from "prom-client";

/**
 * /metrics across server processes (WEB_CONCURRENCY > 1): a scrape reaches one worker, which asks
 * the primary; the primary gathers every worker's registry (prom-client's AggregatorRegistry:
 * counters and histograms summed, the shared job figures taken once) and answers the asking worker.
 */

const ASK = "parlance:metrics-ask";
const ANSWER = "parlance:metrics-answer";
const ANSWER_TIMEOUT_MS = 6_000;

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/** The primary: answers a worker's ask with every worker's metrics together. */
export function serveClusterMetrics(): void {
  const aggregator = new client.AggregatorRegistry();
  cluster.on("message", (worker, message: Ask) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text } satisfies Answer),
      (err: unknown) => worker.send({ type: ANSWER, id: message.id, error: err instanceof Error ? err.message : String(err) } satisfies Answer),
    );
  });
}

let nextAsk = 0;
const waiting = new Map<number, { resolve: (text: string) => void; reject: (err: Error) => void }>();
let listening = false;

/** A worker: its registry is the one the primary collects (call once per process). */
export function shareWithPrimary(registry: client.Registry): void {
  // Constructing one installs prom-client's answer to the primary's collection requests.
  new client.AggregatorRegistry();
  client.AggregatorRegistry.setRegistries([registry]);
  if (listening) return;
  listening = true;
  process.on("message", (message: Answer) => {
    if (message?.type !== ANSWER) return;
    const w = waiting.get(message.id);
    if (!w) return;
    waiting.delete(message.id);
    if (message.text !== undefined) w.resolve(message.text);
    else w.reject(new Error(message.error ?? "no metrics"));
  });
}

/** A worker: the metrics of every server process, from the primary. */
export function clusterMetricsText(): Promise<string> {
  const id = nextAsk++;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error("the primary process did not answer with the metrics"));
    }, ANSWER_TIMEOUT_MS);
    waiting.set(id, {
      resolve: (text) => (clearTimeout(timer), resolve(text)),
      reject: (err) => (clearTimeout(timer), reject(err)),
    });
    process.send!({ type: ASK, id } satisfies Ask);
  });
}

export const inClusterWorker = (): boolean => cluster.isWorker;
