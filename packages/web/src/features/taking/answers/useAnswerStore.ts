import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { useStartup } from "../../../ui/startup";
import type { SeedItem } from "./answerQueue";
import { AnswerSync, type AnswerSnapshot } from "./answerSync";
import { browserEnvironment } from "./environment";
import { attemptKey, openLocalAnswers } from "./localAnswers";
import { fetchTransport, type SubmitOutput } from "./transport";

export interface AnswerStore extends AnswerSnapshot {
  get(itemId: string): string | undefined;
  set(itemId: string, response: string): void;
  /** Merge what get_section answered (items with response and seq). */
  seed(items: SeedItem[]): void;
  flush(): Promise<void>;
  submit(secondsTaken: number): Promise<SubmitOutput>;
}

/**
 * The answers of one attempt for the test page: kept in the browser first, then saved (AnswerSync).
 * `enabled` once the attempt is started; until then nothing is loaded or sent.
 */
export function useAnswerStore(assignedTestId: number, enabled: boolean): AnswerStore {
  const { startup } = useStartup();
  const key = attemptKey(startup.userFlags?.username ?? "", assignedTestId);
  const [sync, setSync] = useState(() => makeSync(key, assignedTestId));
  // A different user or test gets its own store (the old one is stopped by the effect below).
  if (sync.key !== key) setSync(makeSync(key, assignedTestId));

  useEffect(() => {
    if (!enabled) return;
    void sync.start();
    return () => sync.stop();
  }, [sync, enabled]);

  const snapshot = useSyncExternalStore(sync.subscribe, sync.getSnapshot);
  return useMemo(
    () => ({ ...snapshot, get: sync.get, set: sync.set, seed: sync.seed, flush: sync.flush, submit: sync.submit }),
    [snapshot, sync],
  );
}

function makeSync(key: string, assignedTestId: number) {
  return Object.assign(new AnswerSync(assignedTestId, () => openLocalAnswers(key), fetchTransport(), browserEnvironment), { key });
}
