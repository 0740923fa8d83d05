/**
 * The sealing code (HPKE, ~10 kB) is not needed to draw a test's first page (issue 26 §3), but must
 * be in the browser before the network goes for good (issue 27): TestInProgress asks for it once
 * the first page is drawn; a module once imported resolves from memory offline. A failed download
 * is asked for again next time.
 */
let loading: Promise<typeof import("./sealFile")> | null = null;

export function loadSealing(): Promise<typeof import("./sealFile")> {
  loading ??= import("./sealFile").catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}
