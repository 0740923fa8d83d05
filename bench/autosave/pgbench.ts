/**
 * The database's own limit for an autosave: pgbench running the server's very save statement
 * (packages/server/src/taking/save-statement.ts) against the same scratch database, one save per
 * statement, with the parameters computed by pgbench for a random candidate: its session, its
 * test, one of its answers with a newer seq and its running seconds. No HTTP, no Node, no query building: what
 * PostgreSQL itself can do on this machine, in the same run as the server.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { SAVE_STATEMENT } from "../../packages/server/src/taking/save-statement.js";
import { answerFor, type Candidates } from "./setup.js";

const run = promisify(execFile);
const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The pgbench script: the statement with each $n replaced by what pgbench computes per transaction. */
export function pgbenchScript(c: Candidates, sessionIdleMs: number): string {
  const ids = `ARRAY[${c.items.map((i) => quote(i.id)).join(", ")}]`;
  const responses = `ARRAY[${c.items.map((i, n) => quote(answerFor(i, n))).join(", ")}]`;
  const started = Math.floor(Date.now() / 1000) - 60;
  // One save per statement: each array parameter holds one element.
  const values: Record<string, string> = {
    "1": `ARRAY[encode(sha256(convert_to(${quote(c.secretPrefix)} || '-' || :n, 'UTF8')), 'hex')]`,
    "2": `ARRAY[${c.firstAssignedTestId} + :n - 1]`,
    "3": `ARRAY[${c.versionId}]`,
    "4": `ARRAY[extract(epoch from now())::int - ${started}]`,
    "5": "ARRAY[1]",
    "6": `ARRAY[(${ids})[:k]]`,
    "7": `ARRAY[(${responses})[:k]]`,
    "8": "ARRAY[(extract(epoch from clock_timestamp()) * 1000000)::bigint]",
    "9": "now()",
    "10": String(sessionIdleMs),
    // No journal events (issue 27): the statement's cost as a save of answers alone.
    ...Object.fromEntries(["11", "12", "13", "14", "15", "16"].map((n) => [n, "'{}'"])),
  };

  const statement = SAVE_STATEMENT.replace(/--[^\n]*/g, "")
    .replace(/\$(\d+)/g, (_, n: string) => values[n])
    .trim();
  // One line (the comments dropped), ended by a semicolon, as pgbench reads a statement.
  return `\\set n random(1, ${c.count})\n\\set k random(1, ${c.items.length})\n${statement.replace(/\s*\n\s*/g, " ")};\n`;
}

export interface PgbenchResult {
  clients: number;
  perSecond: number;
  latencyMs: number;
}

/** Runs the script for `seconds` with each number of clients; answers every run, best first. */
export async function runPgbench(url: string, script: string, seconds: number, clientCounts: number[]): Promise<PgbenchResult[]> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "parlance-pgbench-")), "save.sql");
  fs.writeFileSync(file, script);
  const results: PgbenchResult[] = [];
  try {
    for (const clients of clientCounts) {
      const { stdout } = await run("pgbench", ["-n", "-M", "prepared", "-f", file, "-c", String(clients), "-j", "2", "-T", String(seconds), url], {
        maxBuffer: 1 << 20,
      });
      const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
      const latency = /latency average = ([\d.]+) ms/.exec(stdout);
      const failed = /number of failed transactions: (\d+)/.exec(stdout);
      if (!tps) throw new Error(`pgbench printed no rate:\n${stdout}`);
      if (failed && Number(failed[1]) > 0) throw new Error(`pgbench: ${failed[1]} failed transactions`);
      results.push({ clients, perSecond: Number(tps[1]), latencyMs: latency ? Number(latency[1]) : NaN });
    }
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  return results.sort((a, b) => b.perSecond - a.perSecond);
}
