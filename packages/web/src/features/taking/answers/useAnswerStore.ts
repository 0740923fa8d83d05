import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { JournalSetup } from "@parlance/contract";
import { useStartup } from "../../../ui/startup";
import type { SeedItem } from "./answerQueue";
import { AnswerSync, type AnswerSnapshot } from "./answerSync";
import { browserEnvironment } from "./environment";
import { Journal, type JournalSnapshot } from "./journal";
import { journalTransport } from "./journalTransport";
import { attemptKey, openLocalAnswers, type LocalAnswers } from "./localAnswers";
import { fetchTransport, type SubmitOutput } from "./transport";

export interface AnswerStore extends AnswerSnapshot {
  get(itemId: string): string | undefined;
  /** The item's answer's seq (rising with each answer), undefined without one. */
  seqOf(itemId: string): number | undefined;
  set(itemId: string, response: string): void;
  /** Merge what get_section answered (items with response and seq). */
  seed(items: SeedItem[]): void;
  flush(): Promise<void>;
  submit(secondsTaken: number): Promise<SubmitOutput>;
  /** The answer journal (issue 27): what a sealed file would carry. */
  journal: Journal;
  journalState: JournalSnapshot;
}

/**
 * The answers of one attempt for the test page: kept in the browser first, then saved (AnswerSync),
 * each change also an event of the attempt's journal (Journal), which the saves carry.
 * `enabled` once the attempt is started; until then nothing is loaded or sent.
 */
export function useAnswerStore(assignedTestId: number, enabled: boolean, setup: JournalSetup | null = null): AnswerStore {
  const { startup } = useStartup();
  const key = attemptKey(startup.userFlags?.username ?? "", assignedTestId);
  const [sync, setSync] = useState(() => makeSync(key, assignedTestId));
  // A different user or test gets its own store (the old one is stopped by the effect below).
  if (sync.key !== key) setSync(makeSync(key, assignedTestId));

  useEffect(() => {
    if (!enabled) return;
    void sync.journal.open(setup);
    void sync.start();
    return () => sync.stop();
  }, [sync, enabled, setup]);

  const snapshot = useSyncExternalStore(sync.subscribe, sync.getSnapshot);
  const journalState = useSyncExternalStore(sync.journal.subscribe, sync.journal.getSnapshot);
  // The same function for the store's life (not per snapshot): a memoized answer field that gets it
  // does not re-render when another answer changes (issue 26 §3, INP).
  const set = useCallback(
    (itemId: string, response: string) => {
      const before = sync.seqOf(itemId);
      sync.set(itemId, response);
      const after = sync.seqOf(itemId);
      if (after !== undefined && after !== before) sync.journal.append(itemId, response, after);
    },
    [sync],
  );
  return useMemo(
    () => ({ ...snapshot, get: sync.get, seqOf: sync.seqOf, set, seed: sync.seed, flush: sync.flush, submit: sync.submit, journal: sync.journal, journalState }),
    [snapshot, sync, journalState, set],
  );
}

function makeSync(key: string, assignedTestId: number) {
  // One store opened for the answers and the journal, not one each: opening it (IndexedDB, and a
  // first read) is what the test page waits for once its data is there (issue 26 §3).
  let opened: Promise<LocalAnswers> | undefined;
  const openLocal = () => (opened ??= openLocalAnswers(key));
  const journal = new Journal(openLocal);
  return Object.assign(new AnswerSync(assignedTestId, openLocal, journalTransport(fetchTransport(), journal), browserEnvironment), { key, journal });
}
