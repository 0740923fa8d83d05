/**
 * QTI 3 benchmark (issue 29): import of a 500-item package (time, memory: heap and RSS growth,
 * peak) and the scorer's throughput (responses processed a second) over the fixture items, pure
 * code in this process (no server, no database).
 *
 *   npm run bench:qti            # BENCH_ITEMS (default 500), BENCH_SECONDS (default 3)
 */
import { ALL_FIXTURES, buildPackage, fixture } from "../packages/server/src/qti/test/build.js";
import { readPackage } from "../packages/server/src/qti/package.js";
import { processResponse } from "../packages/server/src/qti/score.js";
import { exportPackage } from "../packages/server/src/qti/export.js";
import type { ContentItem, QtiResponse } from "@parlance/contract";

const count = Number(process.env.BENCH_ITEMS ?? 500);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

// 500 items cycling through every interaction fixture, 10 sections of 50, numbered.
const items = Array.from({ length: count }, (_, i) => {
  const name = ALL_FIXTURES[i % ALL_FIXTURES.length];
  return { name: `${name}-${i + 1}`, xml: fixture(name).replace(/identifier="([^"]+)" title=/, `identifier="$1-${i + 1}" title=`), category: "numbered" };
});
const sections = Array.from({ length: Math.ceil(count / 50) }, (_, s) => ({ title: `Section ${s + 1}`, items: items.slice(s * 50, s * 50 + 50) }));
const zip = buildPackage(sections, { title: "Benchmark" });
const target = { key: "bench", test_type_short_name: "reading" as const, time_limit_minutes: null };

// A warm-up import (JIT), then the measured ones.
await readPackage(zip, target);
globalThis.gc?.();
const before = process.memoryUsage();
let peakRss = before.rss;
const timer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);
const runs = 5;
const times: number[] = [];
let report = await readPackage(zip, target);
for (let i = 0; i < runs; i++) {
  const t = performance.now();
  report = await readPackage(zip, target);
  times.push(performance.now() - t);
}
clearInterval(timer);
const after = process.memoryUsage();
if (!report.ok) throw new Error(report.problems.slice(0, 3).join("\n"));
times.sort((a, b) => a - b);
console.log(`import: ${count} items (${report.content!.sections.length} sections), package ${mb(zip.length)} zipped`);
console.log(`  time: median ${times[Math.floor(runs / 2)].toFixed(0)} ms, best ${times[0].toFixed(0)} ms, worst ${times[runs - 1].toFixed(0)} ms (${runs} runs)`);
console.log(`  memory: heap used ${mb(before.heapUsed)} -> ${mb(after.heapUsed)}, rss ${mb(before.rss)} -> peak ${mb(peakRss)}`);
console.log(`  interactions: ${JSON.stringify(report.interactions)}`);

const t0 = performance.now();
const exported = exportPackage(report.content!, report.media);
console.log(`export: ${mb(exported.length)} in ${(performance.now() - t0).toFixed(0)} ms`);

// The scorer: each item with its correct response and with an empty one, round robin.
const qtiItems = report.content!.sections.flatMap((s) => s.items).filter((i): i is Extract<ContentItem, { kind: "qti" }> => i.kind === "qti" && i.processing.type !== "none");
const cases: { item: (typeof qtiItems)[number]; response: QtiResponse }[] = qtiItems.flatMap((item) => [
  { item, response: Object.fromEntries(item.responses.map((r) => [r.id, r.correct])) },
  { item, response: {} },
]);
let n = 0;
let sum = 0;
const end = performance.now() + seconds * 1000;
while (performance.now() < end) {
  for (let i = 0; i < 1000; i++) {
    const c = cases[n++ % cases.length];
    sum += processResponse(c.item, c.response).score ?? 0;
  }
}
const elapsed = seconds;
console.log(`scorer: ${Math.round(n / elapsed).toLocaleString("en-US")} responses a second (${cases.length} cases over ${ALL_FIXTURES.length - 1} machine-scored interaction fixtures; checksum ${sum.toFixed(0)})`);
console.log(`  a 500-item attempt scores in ~${((500 / (n / elapsed)) * 1000).toFixed(2)} ms`);
