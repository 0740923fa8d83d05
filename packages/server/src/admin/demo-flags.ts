import { inArray } from "drizzle-orm";
import type { Tx } from "../db/tx.js";
import { featureFlagRules, featureFlags } from "../db/schema.js";

/**
 * The demo world's feature-flag rules (the flags themselves come with migration 0023, on by
 * default): the Arabic phone test is taken by phone only (no web call), and the medical Mandarin
 * video test meets by phone rather than in a video room; a Test Type rule of lower weight keeps the
 * web call for every other listening-and-speaking test, to show how weights decide.
 */
export async function seedDemoFeatureFlagRules(tx: Tx, testIds: Record<string, number>): Promise<void> {
  const flags = await tx.select().from(featureFlags).where(inArray(featureFlags.name, ["web_call", "video"]));
  const flagId = (name: string) => flags.find((f) => f.name === name)?.id;
  const webCall = flagId("web_call");
  const video = flagId("video");
  if (webCall === undefined || video === undefined) return;
  await tx.insert(featureFlagRules).values([
    { featureFlagId: webCall, weight: 10, permits: false, ruleType: "test", testId: testIds["ar-ls-ivr"] },
    { featureFlagId: webCall, weight: 1, permits: true, ruleType: "test_type", testType: "listening_speaking" },
    { featureFlagId: video, weight: 10, permits: false, ruleType: "test", testId: testIds["med-cmn-ls-video"] },
  ]);
}
