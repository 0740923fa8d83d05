import fs from "node:fs/promises";
import path from "node:path";
import type { ContentFileMessage } from "@parlance/contract";
import { readPackage } from "../../qti/index.js";
import type { TestRecord } from "../catalogue/records.js";
import type { ContentUpload } from "./upload.js";

/**
 * A QTI 3 package uploaded as a test's content (issue 29): read (qti/package.ts) and, when every
 * item can be delivered, laid out as the importer reads content (<key>.json beside media/…), so the
 * same checks and the same publishing apply. One item it cannot deliver refuses the whole package:
 * its messages name each such item with the reason.
 */

export const isQtiPackage = (upload: ContentUpload) => upload.content.name.toLowerCase().endsWith(".zip");

export async function stageQtiPackage(
  test: TestRecord,
  upload: ContentUpload,
  stage: string,
  messages: ContentFileMessage[],
): Promise<{ staged: string; interactions: Record<string, number> } | null> {
  const report = await readPackage(await fs.readFile(upload.content.path), {
    key: test.contentKey!,
    test_type_short_name: test.testType,
    time_limit_minutes: test.timeLimitMinutes,
  });
  messages.push(...report.problems.map((message): ContentFileMessage => ({ level: "error", message })));
  messages.push(...report.warnings.map((message): ContentFileMessage => ({ level: "warning", message })));
  if (!report.ok || !report.content) return null;
  const staged = path.join(stage, `${test.contentKey}.json`);
  await fs.writeFile(staged, JSON.stringify(report.content));
  for (const [mediaPath, data] of report.media) {
    const target = path.join(stage, ...mediaPath.split("/"));
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, data);
  }
  return { staged, interactions: report.interactions };
}
