import { eq } from "drizzle-orm";
import { decodeQtiResponse, isMachineScored, RESPONSE_KINDS, type CutScore, type TestContent } from "@parlance/contract";
import { candidateTestAnswers, qtiItemScores, qtiTestScores, testCutScores } from "../db/schema.js";
import type { Tx } from "../db/tx.js";
import { processResponse } from "./score.js";

/**
 * At submit (attempts/routing.ts, in the submission's transaction): every machine-scored QTI item's
 * response processing, each item's score stored, and the attempt's raw score with the level the
 * test's cut scores give it when every item that takes a response is machine-scored.
 */

/** The level of a raw score by cut scores (the highest level whose minimum it reaches), or null. */
export function levelFor(cutScores: CutScore[], score: number): string | null {
  let level: string | null = null;
  let best = -Infinity;
  for (const c of cutScores) if (score >= c.min_score && c.min_score >= best) [level, best] = [c.level, c.min_score];
  return level;
}

/** Whether every item of the content that takes a response is machine-scored, and the most it can score. */
export function machineScoring(content: TestContent): { allMachineScored: boolean; maxScore: number | null } {
  let all = true;
  let max = 0;
  let any = false;
  for (const s of content.sections) {
    for (const item of s.items) {
      if (!RESPONSE_KINDS.includes(item.kind)) continue;
      if (item.kind === "qti" && item.interactions.length === 0) continue;
      if (item.kind === "qti" && isMachineScored(item)) {
        any = true;
        max += item.max_score!;
      } else all = false;
    }
  }
  return { allMachineScored: any && all, maxScore: any ? max : null };
}

export async function cutScoresOf(tx: Tx, testId: number): Promise<CutScore[]> {
  const [row] = await tx.select({ cutScores: testCutScores.cutScores }).from(testCutScores).where(eq(testCutScores.testId, testId));
  return (row?.cutScores as CutScore[] | undefined) ?? [];
}

export async function scoreQtiAttempt(tx: Tx, candidateTestId: number, testId: number, content: TestContent, now: Date): Promise<{ score: number; max: number; level: string | null } | null> {
  const items = content.sections.flatMap((s) => s.items).filter((i) => i.kind === "qti" && isMachineScored(i));
  if (items.length === 0) return null;
  const answers = new Map(
    (await tx.select({ itemId: candidateTestAnswers.itemId, response: candidateTestAnswers.response }).from(candidateTestAnswers).where(eq(candidateTestAnswers.candidateTestId, candidateTestId))).map((a) => [a.itemId, a.response]),
  );
  const rows: (typeof qtiItemScores.$inferInsert)[] = [];
  let total = 0;
  let max = 0;
  for (const item of items) {
    if (item.kind !== "qti") continue;
    // A saved response was checked at save; one that no longer reads is an empty response.
    const response = decodeQtiResponse(answers.get(item.id)) ?? {};
    const { score, outcomes } = processResponse(item, response);
    rows.push({ candidateTestId, itemId: item.id, score: score ?? 0, maxScore: item.max_score!, outcomes, scoredAt: now });
    total += score ?? 0;
    max += item.max_score!;
  }
  await tx.insert(qtiItemScores).values(rows).onConflictDoNothing();
  const { allMachineScored } = machineScoring(content);
  const level = allMachineScored ? levelFor(await cutScoresOf(tx, testId), total) : null;
  await tx.insert(qtiTestScores).values({ candidateTestId, score: total, maxScore: max, allMachineScored, level, scoredAt: now }).onConflictDoNothing();
  return { score: total, max, level };
}

/** The stored machine scores of an attempt (the scoring page). */
export async function machineScoresOf(tx: Tx, candidateTestId: number) {
  const items = await tx.select({ itemId: qtiItemScores.itemId, score: qtiItemScores.score, max: qtiItemScores.maxScore }).from(qtiItemScores).where(eq(qtiItemScores.candidateTestId, candidateTestId));
  const [test] = await tx.select().from(qtiTestScores).where(eq(qtiTestScores.candidateTestId, candidateTestId));
  return {
    items: new Map(items.map((i) => [i.itemId, { score: i.score, max: i.max }])),
    test: test ? { score: test.score, max: test.maxScore, all_machine_scored: test.allMachineScored, level: test.level } : null,
  };
}
