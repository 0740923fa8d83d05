import pg from "pg";

/**
 * Prepared statements on PGlite. Its query() cannot name a statement, and EXECUTE takes no bind
 * parameters, so a hot statement is PREPAREd once (types from the casts in its text) and then run
 * as `EXECUTE name(literal, …)`, each value written as a quoted literal by pg's own escaping. The
 * autosave's statement spends about half its time on PGlite being planned; this spares that.
 */

/** A PostgreSQL array's text form: every element quoted (or NULL), as pg itself sends arrays. */
function arrayText(values: unknown[]): string {
  const items = values.map((v) => {
    if (v === null || v === undefined) return "NULL";
    if (Array.isArray(v)) return arrayText(v);
    const s = v instanceof Date ? v.toISOString() : String(v);
    return `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(",")}}`;
}

export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error("not a finite number");
    return String(value);
  }
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (Array.isArray(value)) return pg.escapeLiteral(arrayText(value));
  return pg.escapeLiteral(String(value));
}

/** Names become identifiers in PREPARE/EXECUTE: only plain ones are accepted. */
export function checkStatementName(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`bad statement name: ${name}`);
  return name;
}

export const executeText = (name: string, values: unknown[]) => `EXECUTE ${checkStatementName(name)}(${values.map(sqlLiteral).join(", ")})`;
