/**
 * The OCI call-up as the storefront receives it on `/punchout/oci` (SAP OCI 4.0/5.0 outbound section): GET with the
 * fields in the query, or (the standard) POST with them in a form, often both; names are catalogue-specific apart
 * from the fixed ones and compared case-insensitively. The storefront hands the query's and the form's fields to the
 * Store API unchanged and in order (contract/provider/punchout.ts OciCallUpRequest), which merges them (the form
 * wins) and checks them; here they are only bounded.
 */
import { OCI_CALL_UP_MAX_FIELDS, type OciCallUpRequest } from '../../../contract/provider/punchout.ts';
import { parseUrlEncoded, readFormFields, type FormBodyProblem, type FormField } from './form-body.ts';

/** Largest call-up form read, in bytes: SAP sends about ten short fields; HOOK_URL is the longest. */
export const OCI_CALL_UP_MAX_BODY_BYTES = 64 * 1024;

/** The fields of a call-up, as received. */
export type CallUpFields = Pick<OciCallUpRequest, 'query' | 'form'>;

/** Why a call-up could not be read: more than OCI_CALL_UP_MAX_FIELDS fields in the query or the form, or the body. */
export type CallUpProblem = 'too-many-fields' | FormBodyProblem;

/**
 * Reads a call-up: the query's fields (UTF-8) and, for a POST, the form's (read while streaming, at most
 * OCI_CALL_UP_MAX_BODY_BYTES; url-encoded in the charset its content type names, or multipart).
 *
 * @returns the fields, or the problem that stops the call-up (answered 400, or 413 for `too-large`).
 */
export async function readCallUp(url: URL, request: Request): Promise<CallUpFields | CallUpProblem> {
  const query = parseUrlEncoded(url.search.replace(/^\?/, ''));
  if (query.length > OCI_CALL_UP_MAX_FIELDS) {
    await request.body?.cancel().catch(() => undefined);
    return 'too-many-fields';
  }
  let form: FormField[] = [];
  if (request.method.toUpperCase() === 'POST') {
    const read = await readFormFields(request, OCI_CALL_UP_MAX_BODY_BYTES);
    if (typeof read === 'string') return read;
    form = read;
  }
  if (form.length > OCI_CALL_UP_MAX_FIELDS) return 'too-many-fields';
  return { query, form };
}

/**
 * The value of a field as the Store API reads the merged call-up: the form's before the query's, the name compared
 * case-insensitively (`FUNCTION`, `function`), the last occurrence within one of them; null when absent.
 */
export function callUpField(fields: CallUpFields, name: string): string | null {
  const wanted = name.toLowerCase();
  const last = (list: readonly (readonly [string, string])[]) =>
    list.findLast(([field]) => field.toLowerCase() === wanted)?.[1];
  return last(fields.form) ?? last(fields.query) ?? null;
}

/**
 * Whether the call-up asks for one of the pages the Store API renders itself, on the same URL and without a
 * redirect (SAP OCI 4.0 FUNCTION values): `VALIDATE` (one item at the price for QUANTITY, submitted back at once)
 * and `BACKGROUND_SEARCH` (the hits as NEW_ITEM fields, read by the procurement server). Case ignored. Every other
 * value, `DETAIL` and `SOURCING` included, opens a session.
 */
export function isOciFunctionPage(fields: CallUpFields): boolean {
  const fn = callUpField(fields, 'FUNCTION')?.trim().toUpperCase();
  return fn === 'VALIDATE' || fn === 'BACKGROUND_SEARCH';
}
