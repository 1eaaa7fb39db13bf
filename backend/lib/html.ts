/**
 * HTML for catalogue texts: supplier descriptions arrive as escaped HTML (BMEcat DESCRIPTION_LONG and
 * GROUP_DESCRIPTION, as some suppliers' files carry them), as plain text, or as bullet items. Everything that
 * reaches the database goes through `sanitizeCatalogHtml`, so the storefront can render it as HTML.
 */
import sanitizeHtml from 'sanitize-html';
import escape from 'escape-html';

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'sub',
    'sup',
    'h3',
    'h4',
    'h5',
    'h6',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'a',
    'span',
    'div',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener nofollow' }) },
  disallowedTagsMode: 'discard',
};

const TAG = /<\/?[a-zA-Z][a-zA-Z0-9]*(\s[^<>]*)?\/?>/;
const ESCAPED_TAG = /&lt;\/?[a-zA-Z][a-zA-Z0-9]*(\s[^<>]*?)?\/?&gt;/;

/** Escapes text for HTML element content and quoted attribute values (`&`, `<`, `>`, `"`, `'`; npm escape-html). */
export const escapeHtml: (text: string) => string = escape;

function decodeBasicEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * Plain text to HTML paragraphs: blank lines separate paragraphs, single line breaks become `<br>`. HTML entities in
 * the text ("mm&sup2;") are decoded first, then everything is escaped.
 */
function textToHtml(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  return paragraphs
    .map((p) => `<p>${sanitizeHtml(p, { allowedTags: [], allowedAttributes: {} }).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** A `<ul>` of the given plain-text items (empty items dropped), optionally preceded by a heading paragraph. */
export function bulletListHtml(items: string[], heading?: string): string {
  const lis = items
    .map((i) => i.trim())
    .filter((i) => i.length > 0)
    .map((i) => `<li>${escapeHtml(i)}</li>`);
  if (lis.length === 0) return '';
  const head = heading ? `<p><strong>${escapeHtml(heading)}</strong></p>` : '';
  return `${head}<ul>${lis.join('')}</ul>`;
}

/**
 * Turns a supplier text into safe HTML: text that contains markup (also markup escaped once more, `&lt;ul&gt;`) is
 * sanitised with sanitize-html (scripts, styles, event handlers, classes and unsafe links removed); text without
 * markup becomes paragraphs. Returns undefined for empty input.
 */
export function sanitizeCatalogHtml(input: string | undefined | null): string | undefined {
  if (input == null) return undefined;
  let text = input.trim();
  if (text === '') return undefined;
  if (!TAG.test(text) && ESCAPED_TAG.test(text)) text = decodeBasicEntities(text);
  const html = TAG.test(text) ? sanitizeHtml(text, SANITIZE_OPTIONS).trim() : textToHtml(text);
  return html === '' ? undefined : html;
}
