/**
 * Where to go after signing in, from `?next=` or the server's redirect: only a path on this site
 * ("/testing?x=1"), never another origin ("//evil.example", "https://…", "/\\evil", or
 * "/.//evil.example", whose dot segment resolves to "//evil.example"), and never back to the
 * sign-in or sign-out pages. Returns null when the value is not usable. Shared by the server's
 * redirect and the sign-in screen.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  // Control characters (tabs, newlines) are stripped by URL parsers and could hide a "//".
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(value, "https://parlance.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "https://parlance.invalid") return null;
  // Dot segments can turn '/.//host' into '//host', which a browser reads as another site.
  if (url.pathname.startsWith("//")) return null;
  if (url.pathname === "/login" || url.pathname === "/logout") return null;
  return url.pathname + url.search + url.hash;
}
