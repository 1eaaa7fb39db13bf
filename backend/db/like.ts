/**
 * LIKE/ILIKE patterns from user input: `\`, `%` and `_` are escaped with a backslash (PostgreSQL's default LIKE escape
 * character), so a search term matches literally.
 */

/** `term` with `\`, `%` and `_` escaped for use inside a LIKE pattern. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * The ILIKE pattern of a `contains` filter or a search term: `%value%` with the pattern characters `%`, `_` and `\`
 * of the value escaped, so they match themselves (PostgreSQL LIKE, default escape character `\`).
 */
export function containsPattern(value: string): string {
  return `%${escapeLike(value)}%`;
}
