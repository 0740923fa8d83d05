import { genesisOf, type JournalSetup } from "@parlance/contract";

/** What start_test gives the journal, for the answers' unit tests: a chain from genesis, or resumed at `head`. */
export async function journalSetupFor(attempt: number, head?: { head: string; seq: number; events?: number }): Promise<JournalSetup> {
  return {
    attempt_id: attempt,
    candidate_id: 5,
    test_id: 2,
    code: "NW-1",
    key_id: "k1",
    public_key: "",
    secret: "",
    genesis: await genesisOf(attempt),
    head: head?.head ?? (await genesisOf(attempt)),
    head_seq: head?.seq ?? 0,
    ...(head?.events !== undefined ? { head_events: head.events } : {}),
    deadline: null,
  };
}
