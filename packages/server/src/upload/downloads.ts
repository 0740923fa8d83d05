import type { Readable } from "node:stream";
import { asc, eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { ASSIGNMENTS_COLUMNS, TEMPLATE_COLUMNS, TEST_METHOD_LABELS, UPLOAD_COLUMNS, type TemplateType } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { assignedTests, candidates, offices, tests } from "../db/schema.js";
import { streamXlsx } from "../http/spreadsheet.js";

/** An empty template: the header row of its type, bold, with sensible widths. */
export async function templateWorkbook(type: TemplateType): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Candidates");
  sheet.columns = TEMPLATE_COLUMNS[type].map((f) => ({ header: UPLOAD_COLUMNS[f], width: Math.max(14, UPLOAD_COLUMNS[f].length + 4) }));
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * assignments.xlsx: the upload's tests with their candidates and access codes, read 1,000 at a
 * time; Row is the file's row of each test (issue 23), so a person finds it in the file they sent.
 */
export function assignmentsWorkbook(ctx: Pick<AppContext, "db">, ids: number[], rowOf: Map<number, number>): Readable {
  async function* batches() {
    for (let i = 0; i < ids.length; i += 1_000) {
      const part = ids.slice(i, i + 1_000);
      const rows = await ctx.db
        .select({
          id: assignedTests.id,
          candidateId: candidates.id,
          lastName: candidates.lastName,
          firstName: candidates.firstName,
          email: candidates.email,
          employeeId: candidates.employeeId,
          office: offices.name,
          test: tests.description,
          method: tests.method,
          accessCode: assignedTests.accessCode,
          expiresAt: assignedTests.expiresAt,
        })
        .from(assignedTests)
        .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
        .innerJoin(tests, eq(tests.id, assignedTests.testId))
        .leftJoin(offices, eq(offices.id, assignedTests.officeId))
        .where(inArray(assignedTests.id, part))
        .orderBy(asc(assignedTests.id));
      yield rows.map((r, n) => {
        const cells = [
          rowOf.get(r.id) ?? i + n + 1,
          r.candidateId,
          r.lastName,
          r.firstName,
          r.email,
          r.employeeId,
          r.office ?? "",
          r.test,
          TEST_METHOD_LABELS[r.method],
          r.accessCode,
          r.expiresAt ? r.expiresAt.toISOString().slice(0, 10) : "",
        ];
        return cells;
      });
    }
  }
  return streamXlsx("Assignments", ASSIGNMENTS_COLUMNS, batches());
}
