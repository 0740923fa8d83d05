/**
 * A text flame summary of a V8 CPU profile (node --cpu-prof, as BENCH_CPU_PROF writes): where the
 * server's CPU went, by package and by function, self and total time, so it fits in a note.
 *
 *   npx tsx bench/autosave/profile-summary.ts <file.cpuprofile> [top=25]
 */
import fs from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error("usage: profile-summary.ts <file.cpuprofile> [top]");
const top = Number(topArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Time per sample: the delta that follows it (microseconds).
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
// Percentages are of the busy time: idle samples are left out.
const idleIds = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
for (const id of idleIds) selfUs.delete(id);
const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);

const where = (n: ProfileNode) => {
  const url = n.callFrame.url.replace(/^file:\/\//, "");
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.includes("/packages/")) return "parlance " + url.slice(url.indexOf("/packages/") + 10).split("/").slice(0, 3).join("/");
  if (url.startsWith("node:")) return url;
  return n.callFrame.functionName.startsWith("(") ? n.callFrame.functionName : "node internals";
};
const fnName = (n: ProfileNode) => `${n.callFrame.functionName || "(anonymous)"} ${where(n)}:${n.callFrame.lineNumber + 1}`;

function table(title: string, self: Map<string, number>, total?: Map<string, number>) {
  console.log(`\n${title}`);
  console.log(`${"self %".padStart(7)} ${total ? "total %".padStart(8) : ""}  name`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((v / totalUs) * 100).toFixed(1).padStart(7)} ${total ? ((total.get(k)! / totalUs) * 100).toFixed(1).padStart(8) : ""}  ${k}`);
  }
}

// Self time by package, and self and total (inclusive, counted once per stack) by function.
const pkgSelf = new Map<string, number>();
const fnSelf = new Map<string, number>();
const fnTotal = new Map<string, number>();
for (const [id, us] of selfUs) {
  const n = byId.get(id)!;
  pkgSelf.set(where(n), (pkgSelf.get(where(n)) ?? 0) + us);
  fnSelf.set(fnName(n), (fnSelf.get(fnName(n)) ?? 0) + us);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const name = fnName(byId.get(cur)!);
    if (seen.has(name)) continue;
    seen.add(name);
    fnTotal.set(name, (fnTotal.get(name) ?? 0) + us);
  }
}
for (const k of fnSelf.keys()) if (!fnTotal.has(k)) fnTotal.set(k, fnSelf.get(k)!);

console.log(`${file}: busy ${(totalUs / 1e6).toFixed(1)} s of ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s (percentages are of the busy time)`);
table("By package (self time):", pkgSelf);
table("By function (self time):", fnSelf, fnTotal);
const inclusive = new Map([...fnTotal].filter(([k]) => !k.startsWith("(")));
table("By function (total time, callees included):", inclusive);
