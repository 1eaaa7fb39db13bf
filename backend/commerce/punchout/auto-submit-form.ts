/**
 * The page that carries a punch-out cart back to the buyer's system through the user's browser: one POST form of
 * hidden fields whose action is the buyer's return address, submitted by a small script (SAP OCI 4.0 inbound
 * section: the `NEW_ITEM-*` fields; cXML Reference Guide 1.2.051 §5.4.3.1: the PunchOutOrderMessage in a hidden
 * `cxml-base64` or `cxml-urlencoded` field posted to BrowserFormPost/URL). Protocol-neutral: the caller supplies the
 * fields.
 *
 * Charset. The page is encoded in the charset it announces (HTTP Content-Type, `<meta http-equiv>` and the form's
 * `accept-charset`), because the browser posts the form in the page's encoding and the buyer's system decodes the
 * post with the charset it asked for (OCI `http_content_charset`, ISO-8859-1 by default). Browsers treat the label
 * ISO-8859-1 as windows-1252 (WHATWG Encoding Standard, "Legacy single-byte encodings"), so an ISO-8859-1 page is
 * written in windows-1252: a superset that keeps `€` (byte 0x80), `‚`, `„`, `–`, `—`, `…`, `‰`, `Š`, `Œ`, `Ž`, `‘`,
 * `’`, `“`, `”`, `•`, `™`, `š`, `œ`, `ž`, `Ÿ` as single bytes, exactly as the browser will read and post them.
 * Characters outside windows-1252 (Greek, Cyrillic, CJK, emoji …) are written as HTML numeric character references
 * (`&#916;`): the browser shows them correctly and holds them in the form, but cannot post them in windows-1252 and
 * sends them as the text `&#916;` instead (HTML Standard, "application/x-www-form-urlencoded" serialisation with a
 * legacy encoding); the buyer's system receives that text. Buyers who need such characters use UTF-8. C1 control
 * characters (U+0080–U+009F) cannot be carried in a windows-1252 page at all and are written as U+FFFD.
 *
 * Script. With `autoSubmit` one inline script submits the form; its Content-Security-Policy hash is returned so that
 * the HTTP layer allows exactly that script (`script-src 'sha256-…'`). Without `autoSubmit` (OCI
 * BACKGROUND_SEARCH, scraped server-to-server) the page has no script at all.
 */
import { createHash } from 'node:crypto';
import escapeHtml from 'escape-html';
import iconv from 'iconv-lite';

/** What the page shows and posts. */
export interface AutoSubmitPageInput {
  /**
   * The form's action (already checked against the buyer's allowed origins); null renders the page without any form
   * (OCI VALIDATE of a product that no longer exists), in which case `fields` must be empty.
   */
  action: string | null;
  /** Hidden fields [name, value] in order; names and values as they shall arrive (the page escapes them). */
  fields: readonly (readonly [string, string])[];
  /** The form's target (`_top`, a frame name). */
  target: string;
  /** The charset announced and used: the browser posts the form in it. */
  charset: 'UTF-8' | 'ISO-8859-1';
  /** Submit the form by script as soon as the page loads. */
  autoSubmit: boolean;
  /** The page's `<title>`. */
  title: string;
  /** A line of text above the form (e.g. "Transferring your cart …"); none when absent. */
  visibleText?: string;
  /**
   * Label of a submit button: inside `<noscript>` when `autoSubmit` (for browsers without script), a plain button
   * otherwise; no button when absent.
   */
  submitLabel?: string;
}

/** The rendered page. */
export interface RenderedPage {
  /** The page's bytes, in the announced charset. */
  body: Buffer;
  /** The HTTP Content-Type: `text/html; charset=UTF-8` or `text/html; charset=ISO-8859-1`. */
  contentType: string;
  /** CSP source expressions (`'sha256-…'`) of the page's inline scripts: one with `autoSubmit` and a form, else none. */
  scriptHashes: string[];
}

/**
 * Submits the page's only form. Calls the prototype's `submit` because a hidden field named `submit` would shadow
 * `form.submit`. ASCII only: it is written into the page as is, never as character references.
 */
const SUBMIT_SCRIPT = 'HTMLFormElement.prototype.submit.call(document.forms[0]);';

/**
 * Renders the auto-submit page (see the module comment for charset and script rules). Names and values are
 * HTML-escaped (`&`, `<`, `>`, `"`, `'`; carriage returns as `&#13;` so the HTML parser's newline normalisation
 * does not drop them); the form holds only hidden inputs (and the optional submit button).
 *
 * @throws TypeError when `action` is null but fields are given.
 */
export function renderAutoSubmitPage(input: AutoSubmitPageInput): RenderedPage {
  if (input.action === null && input.fields.length > 0) {
    throw new TypeError('A page without a form cannot carry fields.');
  }
  const lines = [
    '<!DOCTYPE html>',
    '<html>',
    '<head>',
    `<meta http-equiv="Content-Type" content="text/html; charset=${input.charset}">`,
    '<meta name="robots" content="noindex, nofollow">',
    `<title>${escapeText(input.title)}</title>`,
    '</head>',
    '<body>',
  ];
  if (input.visibleText !== undefined && input.visibleText !== '')
    lines.push(`<p>${escapeText(input.visibleText)}</p>`);
  const scriptHashes: string[] = [];
  if (input.action !== null) {
    lines.push(
      `<form method="POST" action="${escapeText(input.action)}" target="${escapeText(input.target)}" accept-charset="${input.charset}">`,
    );
    for (const [name, value] of input.fields) {
      lines.push(`<input type="hidden" name="${escapeText(name)}" value="${escapeText(value)}">`);
    }
    if (input.submitLabel !== undefined) {
      const button = `<button type="submit">${escapeText(input.submitLabel)}</button>`;
      lines.push(input.autoSubmit ? `<noscript>${button}</noscript>` : button);
    }
    lines.push('</form>');
    if (input.autoSubmit) {
      lines.push(`<script>${SUBMIT_SCRIPT}</script>`);
      scriptHashes.push(cspHash(SUBMIT_SCRIPT));
    }
  }
  lines.push('</body>', '</html>', '');
  const html = lines.join('\n');
  return {
    body: input.charset === 'UTF-8' ? Buffer.from(html.toWellFormed(), 'utf8') : encodeWindows1252(html),
    contentType: `text/html; charset=${input.charset}`,
    scriptHashes,
  };
}

/** HTML-escaped text for element content and double-quoted attribute values. */
function escapeText(text: string): string {
  return escapeHtml(text).replace(/\r/g, '&#13;');
}

/** The CSP source expression of an inline script: `'sha256-<base64 of SHA-256 of its UTF-8 text>'` (CSP Level 3). */
export function cspHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/** Code points windows-1252 encodes in one byte, as iconv-lite maps them (its U+FFFD stands for unmapped bytes). */
const WINDOWS_1252 = new Set(
  [...iconv.decode(Buffer.from(Array.from({ length: 256 }, (_, byte) => byte)), 'windows-1252')]
    .map((char) => char.codePointAt(0)!)
    .filter((codePoint) => codePoint !== 0xfffd),
);

/**
 * HTML text in windows-1252 bytes; characters outside it become numeric character references, C1 controls and
 * lone surrogates U+FFFD (as a reference).
 */
function encodeWindows1252(html: string): Buffer {
  const referenced = html.toWellFormed().replace(/[\u0080-\u{10ffff}]/gu, (char) => {
    const codePoint = char.codePointAt(0)!;
    if (WINDOWS_1252.has(codePoint)) return char;
    return codePoint <= 0x9f ? '&#65533;' : `&#${codePoint};`;
  });
  return iconv.encode(referenced, 'windows-1252');
}
