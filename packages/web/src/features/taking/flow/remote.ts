import { readAtOf } from "../../../api/pageReads";

/**
 * The test page's own reads, kept without react-query (issue 26 §3: its 11 kB gzipped were some
 * 7 % of the first screen of a test in progress on a phone). It does what the page asked of
 * react-query and nothing more: one read per key at a time, its retries with react-query's delays
 * (1 s, 2 s, 4 s …), a read asked for offline waits for the network (react-query's "online" mode),
 * and a failed read that is shown is tried again when the network returns. Entries are kept for
 * the attempt's life (the page's queries had staleTime and gcTime Infinity) and forgotten when the
 * page is left (TakeTestPage) or the test submitted.
 */
export interface RemoteState<T> {
  data: T | undefined;
  error: unknown;
  status: "pending" | "error" | "success";
  isFetching: boolean;
  /** When the data was read (Date.now()): the clock reads a section's remaining time against it. */
  dataUpdatedAt: number;
}

const retryDelay = (failures: number) => Math.min(1000 * 2 ** failures, 30_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function online(): Promise<void> {
  if (typeof navigator === "undefined" || navigator.onLine !== false) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener("online", () => resolve(), { once: true }));
}

export class Remote<T> {
  state: RemoteState<T> = { data: undefined, error: null, status: "pending", isFetching: false, dataUpdatedAt: 0 };
  private listeners = new Set<() => void>();
  private running: Promise<void> | null = null;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly retries: number,
  ) {}

  private set(next: Partial<RemoteState<T>>) {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSnapshot = () => this.state;

  /** Something on screen follows it. */
  get followed() {
    return this.listeners.size > 0;
  }

  /** Reads it unless it was read or is being read (then joins that read). */
  read(): Promise<void> {
    return this.state.status === "pending" ? this.fetch() : Promise.resolve();
  }

  /** Reads it (again); a read already running is joined, not repeated. */
  fetch(): Promise<void> {
    this.running ??= this.load_().finally(() => (this.running = null));
    return this.running;
  }

  private async load_() {
    this.set({ isFetching: true });
    for (let failures = 0; ; failures++) {
      await online();
      try {
        const data = await this.load();
        // An answer the page carried was read as the page arrived, not now (api/pageReads.ts).
        this.set({ data, error: null, status: "success", isFetching: false, dataUpdatedAt: readAtOf(data) ?? Date.now() });
        return;
      } catch (error) {
        if (failures >= this.retries) {
          this.set({ error, status: "error", isFetching: false });
          return;
        }
        await sleep(retryDelay(failures));
      }
    }
  }

  /** Writes data read another way (the start's answer is the content; a grant is the media's access). */
  setData(data: T) {
    this.set({ data, error: null, status: "success", dataUpdatedAt: Date.now() });
  }

  /** A failed read that is on screen is tried again when the network returns. */
  retryShownFailure() {
    if (this.state.status === "error" && this.followed) void this.fetch();
  }
}

const entries = new Map<string, Remote<unknown>>();

const keyOf = (key: readonly unknown[]) => JSON.stringify(key);

/** The entry of a key, made (not yet read) on first use. */
export function remoteOf<T>(key: readonly unknown[], load: () => Promise<T>, retries: number): Remote<T> {
  const k = keyOf(key);
  let entry = entries.get(k) as Remote<T> | undefined;
  if (!entry) {
    entry = new Remote(load, retries);
    entries.set(k, entry as Remote<unknown>);
  }
  return entry;
}

/**
 * Forgets every entry whose key starts with `prefix`: the next use makes and reads it again. What
 * still follows a forgotten entry keeps it until it re-renders (as react-query's removeQueries).
 */
export function dropRemotes(prefix: readonly unknown[]) {
  const start = keyOf(prefix).slice(0, -1);
  for (const k of [...entries.keys()]) if (k === `${start}]` || k.startsWith(`${start},`)) entries.delete(k);
}

if (typeof window !== "undefined") window.addEventListener("online", () => entries.forEach((entry) => entry.retryShownFailure()));
