import path from "node:path";
import fs from "node:fs/promises";

/** The content shipped with the product: content/ at the repository root. */
export const SHIPPED_CONTENT_DIR = path.resolve(import.meta.dirname, "../../../../content");

/** One content file to import, and the directory its `media/…` paths are relative to. */
export interface ContentSource {
  file: string;
  /** How messages name the file: its path from the working directory, e.g. content/en-reading.json. */
  label: string;
  /** The folder holding the file; a media path "media/x/y.ogg" means <baseDir>/media/x/y.ogg. */
  baseDir: string;
}

export function labelOf(file: string, cwd = process.cwd()): string {
  const rel = path.relative(cwd, file);
  // Outside the working directory a relative path full of ../ says less than the absolute one.
  return rel.startsWith("..") || path.isAbsolute(rel) ? file : rel.split(path.sep).join("/");
}

/**
 * The content files named on the command line: a directory stands for every *.json directly in
 * it (sorted, so the report reads the same each time), a file for itself. A path that does not
 * exist is an error of its own, reported like a bad file.
 */
export async function listSources(paths: string[], cwd = process.cwd()): Promise<{ sources: ContentSource[]; errors: string[] }> {
  const sources: ContentSource[] = [];
  const errors: string[] = [];
  for (const given of paths) {
    const full = path.resolve(cwd, given);
    const stat = await fs.stat(full).catch(() => null);
    if (!stat) {
      errors.push(`${labelOf(full, cwd)}: no such file or directory.`);
    } else if (stat.isDirectory()) {
      const names = (await fs.readdir(full)).filter((n) => n.endsWith(".json")).sort();
      if (names.length === 0) errors.push(`${labelOf(full, cwd)}: no content files (*.json) in this directory.`);
      for (const name of names) sources.push({ file: path.join(full, name), label: labelOf(path.join(full, name), cwd), baseDir: full });
    } else {
      sources.push({ file: full, label: labelOf(full, cwd), baseDir: path.dirname(full) });
    }
  }
  return { sources, errors };
}
