/**
 * Open-redirect guard for `?redirect=` targets (OWASP "Unvalidated Redirects and Forwards"): the value is parsed as
 * a URL against the shop's own origin, the way a browser would resolve it, and accepted only when it stays on that
 * origin; what is returned is the path (with query and fragment) of the parsed URL, never the raw value.
 */

/**
 * The same-origin path a redirect may go to, or `fallback`.
 *
 * Refused (→ `fallback`): empty values, anything that is not a path starting with one `/` (`account`,
 * `https://evil.example/`, `javascript:…`), protocol-relative and backslash forms (`//evil`, `/\evil`, which browsers
 * read as `//evil`), the same hidden behind tabs or line breaks (browsers drop them), behind dot segments
 * (`/.//evil`) or behind percent-encoding (`/%2f%2fevil`, `/%5cevil`, also double-encoded).
 *
 * @param value the raw `?redirect=` parameter.
 * @param origin the shop's own origin, e.g. `https://www.example.be` (the domain's configured origin).
 * @param fallback returned for every refused value.
 */
export function safeRedirect(value: string | null | undefined, origin: string, fallback: string): string {
  if (!value || !value.startsWith('/')) return fallback;
  let target: URL;
  try {
    target = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (target.origin !== new URL(origin).origin) return fallback;
  const path = `${target.pathname}${target.search}${target.hash}`;
  if (!path.startsWith('/') || startsLikeAnotherHost(path)) return fallback;
  return path;
}

/** True when `path`, or a percent-decoded form of it, begins with `//` or `/\`. */
function startsLikeAnotherHost(path: string): boolean {
  let current = path;
  for (let round = 0; round < 4; round++) {
    if (/^[/\\]{2}/.test(current)) return true;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return true;
    }
    if (decoded === current) return false;
    current = decoded;
  }
  return true;
}
