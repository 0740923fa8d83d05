import { PassThrough, type Readable } from "node:stream";
import { asc, eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { ASSIGNMENTS_COLUMNS, TEMPLATE_COLUMNS, TEST_METHOD_LABELS, UPLOAD_COLUMNS, type TemplateType } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { assignedTests, candidates, offices, tests } from "../db/schema.js";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Text that a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading apostrophe. */
export const defused = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** An empty template: the header row of its type, bold, with sensible widths. */
export async function templateWorkbook(type: TemplateType): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Candidates");
  sheet.columns = TEMPLATE_COLUMNS[type].map((f) => ({ header: UPLOAD_COLUMNS[f], width: Math.max(14, UPLOAD_COLUMNS[f].length + 4) }));
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** assignments.xlsx: the upload's tests with their candidates and access codes, read 1,000 at a time. */
export function assignmentsWorkbook(ctx: Pick<AppContext, "db">, ids: number[]): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet("Assignments");
  sheet.columns = ASSIGNMENTS_COLUMNS.map((header) => ({ header, width: Math.max(12, header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    try {
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
        rows.forEach((r, n) => {
          const cells = [
            i + n + 1,
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
          sheet.addRow(cells.map((c) => (typeof c === "string" ? defused(c) : c))).commit();
        });
        if (out.writableNeedDrain) await new Promise((resolve) => out.once("drain", resolve).once("close", resolve));
        if (out.destroyed) return;
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
