/**
 * LIKE/ILIKE patterns from user input: `\`, `%` and `_` are escaped with a backslash (PostgreSQL's default LIKE escape
 * character), so a search term matches literally.
 */

/** `term` with `\`, `%` and `_` escaped for use inside a LIKE pattern. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
