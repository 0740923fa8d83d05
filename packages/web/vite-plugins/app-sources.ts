import fs from "node:fs";
import path from "node:path";

/** The app's source files under `dir` (.ts and .tsx), its tests left out: what the build's plugins read the app's use of a library from. */
export function appSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((e) => {
    const file = path.join(e.parentPath, e.name);
    return e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [file] : [];
  });
}
