/**
 * Reading the fields of a form body as punch-out sends them: in order, duplicates kept, in the charset the form was
 * posted in. Browsers encode an `application/x-www-form-urlencoded` body in the charset of the page that holds the
 * form (HTML Living Standard, "URL-encoded form data"), and an OCI transfer page is ISO-8859-1 unless the call-up
 * asked for another one (`http_content_charset`; SAP OCI 4.0 inbound section), while `URLSearchParams` always
 * decodes UTF-8. Bodies are read while streaming, up to a limit (docs/decisions/012).
 */
import { readBodyWithin } from '../store-api/proxy.ts';

/** The charsets punch-out forms are posted in. */
export type FormCharset = 'UTF-8' | 'ISO-8859-1';

/** A field as posted: `[name, value]`. */
export type FormField = [name: string, value: string];

/**
 * The charset a label names (`utf-8`, `UTF8`, `iso-8859-1`, `latin1`, `windows-1252`, case ignored), or null for
 * one it does not know. Windows-1252 is read as ISO-8859-1: the two differ only in 0x80–0x9F, which ISO-8859-1 leaves
 * to control characters.
 */
export function formCharset(label: string | null | undefined): FormCharset | null {
  const name = (label ?? '').trim().toLowerCase().replace(/^"|"$/g, '');
  if (['utf-8', 'utf8', 'unicode-1-1-utf-8'].includes(name)) return 'UTF-8';
  if (['iso-8859-1', 'iso8859-1', 'iso_8859-1', 'latin1', 'l1', 'windows-1252', 'cp1252', 'us-ascii'].includes(name))
    return 'ISO-8859-1';
  return null;
}

/** Bytes as text in `charset` (ISO-8859-1: each byte is the code point of the same number). */
function decodeBytes(bytes: Uint8Array, charset: FormCharset): string {
  return charset === 'UTF-8' ? new TextDecoder('utf-8').decode(bytes) : Buffer.from(bytes).toString('latin1');
}

/** The bytes of one percent-encoded name or value, `+` as a space; a malformed escape stays as it is. */
function percentDecode(text: Uint8Array): Uint8Array {
  const out = new Uint8Array(text.length);
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const byte = text[i]!;
    if (byte === 0x2b) {
      out[length++] = 0x20;
    } else if (byte === 0x25 && i + 2 < text.length && isHex(text[i + 1]) && isHex(text[i + 2])) {
      out[length++] = parseInt(String.fromCharCode(text[i + 1]!, text[i + 2]!), 16);
      i += 2;
    } else {
      out[length++] = byte;
    }
  }
  return out.subarray(0, length);
}

function isHex(byte: number | undefined): boolean {
  return (
    byte !== undefined &&
    ((byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66))
  );
}

/**
 * The fields of an `application/x-www-form-urlencoded` body (WHATWG URL, "application/x-www-form-urlencoded
 * parsing"), names and values decoded in `charset`, in order, duplicates and empty values kept, empty sequences
 * (`a=1&&b=2`) skipped.
 */
export function parseUrlEncoded(body: Uint8Array | string, charset: FormCharset = 'UTF-8'): FormField[] {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const fields: FormField[] = [];
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && bytes[i] !== 0x26) continue;
    const part = bytes.subarray(start, i);
    start = i + 1;
    if (part.length === 0) continue;
    const eq = part.indexOf(0x3d);
    const name = eq === -1 ? part : part.subarray(0, eq);
    const value = eq === -1 ? new Uint8Array(0) : part.subarray(eq + 1);
    fields.push([decodeBytes(percentDecode(name), charset), decodeBytes(percentDecode(value), charset)]);
  }
  return fields;
}

/** Why a form body could not be read. */
export type FormBodyProblem = 'too-large' | 'unreadable' | 'unsupported';

/**
 * The fields of a posted form, read while streaming up to `maxBytes`: `application/x-www-form-urlencoded` in the
 * charset its content type names (else `fallbackCharset`), or `multipart/form-data` (text parts only; a file part
 * is refused as unsupported). An empty body without a content type has no fields.
 *
 * @returns the fields, or the problem: `too-large` (declared or streamed beyond `maxBytes`; the rest is not read),
 *   `unreadable` (the stream failed), `unsupported` (another content type, a file, a malformed multipart body).
 */
export async function readFormFields(
  request: Request,
  maxBytes: number,
  fallbackCharset: FormCharset = 'UTF-8',
): Promise<FormField[] | FormBodyProblem> {
  const contentType = request.headers.get('content-type') ?? '';
  const [type = '', ...parameters] = contentType.split(';').map((p) => p.trim());
  const mediaType = type.toLowerCase();
  if (!mediaType) {
    const body = await readBodyWithin(request, maxBytes);
    if (body === null) return 'too-large';
    if (body === 'unreadable') return 'unreadable';
    return body.length === 0 ? [] : 'unsupported';
  }
  if (mediaType !== 'application/x-www-form-urlencoded' && mediaType !== 'multipart/form-data') {
    await request.body?.cancel().catch(() => undefined);
    return 'unsupported';
  }
  const body = await readBodyWithin(request, maxBytes);
  if (body === null) return 'too-large';
  if (body === 'unreadable') return 'unreadable';
  if (mediaType === 'application/x-www-form-urlencoded') {
    const named = parameters.find((p) => p.toLowerCase().startsWith('charset='))?.slice('charset='.length);
    return parseUrlEncoded(body, formCharset(named) ?? fallbackCharset);
  }
  try {
    const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
    const fields: FormField[] = [];
    for (const [name, value] of form) {
      if (typeof value !== 'string') return 'unsupported';
      fields.push([name, value]);
    }
    return fields;
  } catch {
    return 'unsupported';
  }
}
