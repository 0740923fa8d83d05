/**
 * Bulk upload at scale (issue 14, point 6): a file of N rows (default 10,000; BENCH_UPLOAD_ROWS)
 * as XLSX and the same as CSV, previewed and confirmed through the real server (its own process),
 * on PostgreSQL (a scratch database) and on PGlite. Prints for each: the file's size, preview time,
 * confirm time, and the server's peak memory (RSS of its process tree, sampled every 20 ms) with
 * its resting RSS before the upload. Aim: preview < 2 s and confirm < 5 s for 10,000 rows on PostgreSQL.
 *
 *   npm run bench:upload
 *   BENCH_UPLOAD_ROWS=100000 DATABASE_URL=postgres://user@host:5432/db npm run bench:upload
 *   BENCH_UPLOAD_DB=pglite npm run bench:upload      (one database only: pglite or postgres)
 *   BENCH_UPLOAD_HEAP_MB=256 npm run bench:upload    (the server's processes capped at that old-space heap:
 *                                                     completing proves the rows are not all held)
 *   BENCH_UPLOAD_WIDE=1 npm run bench:upload         (issue 24: six of a 240 MiB-unpacked workbook of one row of
 *                                                     seven million cells at once; prints each answer, the time
 *                                                     and the server's resting and peak RSS: it should stay flat)
 */
import ExcelJS from "exceljs";
import { createScratchDatabase } from "../packages/server/src/db/scratch.js";
import { startServer, type RunningServer } from "../e2e/support/server.js";
import { rssMiB, SERVER_URL } from "./scale-data.js";
import { wideRowWorkbook } from "../packages/server/src/upload/test-files.js";

const ROWS = Number(process.env.BENCH_UPLOAD_ROWS ?? 10_000);
const ONLY = process.env.BENCH_UPLOAD_DB;
const HEADER = ["Last Name", "First Name", "Email", "Office", "Health Care Role", "Health Care Specialty", "Test", "Notes"];

function rowsOf(tag: string, role: string, specialty: string): string[][] {
  const offices = ["Boston", "Chicago", "Seattle"];
  return Array.from({ length: ROWS }, (_, i) => [
    `${tag}Last${i}`,
    i % 7 === 0 ? "小明" : i % 11 === 0 ? "ليلى" : `First${i}`,
    `${tag}.${i}@bench.example`,
    offices[i % 3]!,
    role,
    specialty,
    "English Reading Proficiency",
    i % 13 === 0 ? "=SUM(1,2)" : "",
  ]);
}

const csvOf = (rows: string[][]) => Buffer.from(`\uFEFF${[HEADER, ...rows].map((r) => r.map((c) => (/[",;\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(",")).join("\r\n")}\r\n`);
async function xlsxOf(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Candidates");
  sheet.addRow(HEADER);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Runs `work` while sampling the server's RSS; the peak and the time taken. */
async function measured<T>(server: RunningServer, work: () => Promise<T>): Promise<{ value: T; ms: number; peak: number }> {
  const pid = server.process.pid!;
  let peak = rssMiB(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMiB(pid) || 0)), 20);
  const start = performance.now();
  try {
    const value = await work();
    return { value, ms: performance.now() - start, peak };
  } finally {
    clearInterval(timer);
  }
}

/** Issue 24's attack: six previews at once of one row of seven million cells without r= (240 MiB unpacked). */
async function wideOn(label: string, server: RunningServer, cookie: string): Promise<void> {
  const base = server.url;
  // 30-byte cells: 210 MB unpacked, under the 256 MiB budget (37-byte cells went past it and were refused as a zip bomb).
  const bytes = wideRowWorkbook(7_000_000, `<c t="n"><v>1234567890</v></c>`);
  const rest = rssMiB(server.process.pid!);
  const six = await measured(server, () =>
    Promise.all(
      Array.from({ length: 6 }, async () => {
        const f = new FormData();
        f.append("file", new Blob([new Uint8Array(bytes)]), "wide.xlsx");
        const res = await fetch(`${base}/testing/candidates/preview`, { method: "POST", headers: { origin: base, cookie }, body: f });
        return `${res.status} ${((await res.json()) as { message?: string }).message ?? ""}`;
      }),
    ),
  );
  console.log(`${label}: six ${(bytes.length / 1024).toFixed(0)} kB workbooks of one row of 7,000,000 cells at once: ${(six.ms / 1000).toFixed(2)} s, RSS ${rest.toFixed(0)} MiB at rest, peak ${six.peak.toFixed(0)} MiB`);
  for (const answer of new Set(six.value)) console.log(`  ${six.value.filter((a) => a === answer).length} × ${answer}`);
}

async function runOn(label: string, server: RunningServer): Promise<void> {
  const base = server.url;
  const login = await fetch(`${base}/login`, { method: "POST", headers: { origin: base, "content-type": "application/json" }, body: JSON.stringify({ email_address: "admin@northwind.example", password: "Parlance-demo-1" }) });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
  if (process.env.BENCH_UPLOAD_WIDE) return wideOn(label, server, cookie);
  const roles = (await (await fetch(`${base}/api/healthcare_roles/get_roles`, { headers: { cookie } })).json()) as { roles: { name: string; specialties: { name: string }[] }[] };
  const role = roles.roles.find((r) => r.specialties.length > 0)!;
  console.log(`${label}: ${ROWS.toLocaleString("en-US")} rows, resting RSS ${rssMiB(server.process.pid!).toFixed(0)} MiB`);
  for (const format of ["xlsx", "csv"] as const) {
    const rows = rowsOf(`${format}${Date.now().toString(36)}`, role.name, role.specialties[0]!.name);
    const bytes = format === "xlsx" ? await xlsxOf(rows) : csvOf(rows);
    const form = () => {
      const f = new FormData();
      f.append("template_type", "regular_with_roles");
      f.append("notify_candidates", "true");
      f.append("file", new Blob([new Uint8Array(bytes)]), `bench.${format}`);
      return f;
    };
    const preview = await measured(server, async () => {
      const res = await fetch(`${base}/testing/candidates/preview`, { method: "POST", headers: { origin: base, cookie }, body: form() });
      const body = (await res.json()) as { data: string; errors: unknown[]; totalAssignments: number };
      if (res.status !== 200) throw new Error(`preview ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
      return body;
    });
    const confirm = await measured(server, async () => {
      const res = await fetch(`${base}/testing/candidates/confirm`, { method: "POST", headers: { origin: base, cookie, "content-type": "application/json" }, body: JSON.stringify({ data: preview.value.data }) });
      const body = (await res.json()) as { assignments: number; candidatesNotified: number };
      if (res.status !== 200) throw new Error(`confirm ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
      return body;
    });
    console.log(
      `  ${format.toUpperCase().padEnd(4)} ${(bytes.length / 1024 / 1024).toFixed(1)} MiB: preview ${(preview.ms / 1000).toFixed(2)} s (${preview.value.errors.length} errors, peak RSS ${preview.peak.toFixed(0)} MiB), ` +
        `confirm ${(confirm.ms / 1000).toFixed(2)} s (${confirm.value.assignments.toLocaleString("en-US")} tests, ${confirm.value.candidatesNotified.toLocaleString("en-US")} mails queued, peak RSS ${confirm.peak.toFixed(0)} MiB)`,
    );
  }
}

const HEAP_MB = process.env.BENCH_UPLOAD_HEAP_MB;
const env: Record<string, string> = { NODE_ENV: "production", SEED_DEMO: "always", LOG_LEVEL: "warn", ...(HEAP_MB ? { NODE_OPTIONS: `--max-old-space-size=${Number(HEAP_MB)}` } : {}) };
if (ONLY !== "pglite") {
  const scratch = await createScratchDatabase(SERVER_URL, "parlance_bench_upload");
  const server = await startServer({ env: { ...env, DATABASE_URL: scratch.url } });
  try {
    await runOn("PostgreSQL", server);
  } finally {
    await server.stop();
    await scratch.drop();
  }
}
if (ONLY !== "postgres") {
  const server = await startServer({ env });
  try {
    await runOn("PGlite", server);
  } finally {
    await server.stop();
  }
}
