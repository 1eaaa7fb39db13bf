/**
 * The OCI return pages as inputs of `renderAutoSubmitPage`: the cart transfer (and the empty cart of a cancel), and
 * the pages of the call-up FUNCTIONs VALIDATE and BACKGROUND_SEARCH, which the buyer's system requests without an
 * interactive session. The caller (the punch-out processor) looks the products up and prices them; these functions
 * only decide what the page carries.
 *
 * Every page posts to HOOK_URL (checked against the company's allowed origins, SAPEVENT:POST admitted when listed):
 * HOOK_URL's query parameters first, then, with `settings.echoSapFields`, `~OkCode`, `~TARGET` and `~CALLER` (SAP
 * OCI 4.0 outbound section: ITS-based SAP systems expect them back; `ADDI` and `CTLG` when the call-up sent none;
 * left out when HOOK_URL's query already carries them), then the `NEW_ITEM-*` fields. The form's target and the
 * page's charset follow the call-up (`ociFormTarget`, `ociResponseCharset`).
 *
 * FUNCTION rules (SAP OCI 4.0/5.0 FUNCTION parameter, as documented by OCI catalog vendors):
 * - VALIDATE (`PRODUCTID`, `QUANTITY`): answered on the same URL with a page of hidden fields only, auto-submitted,
 *   nothing visible, carrying exactly that item at the price valid for QUANTITY; for a product that no longer exists
 *   a page without any form (the buyer's system reads that as "not available").
 * - BACKGROUND_SEARCH (`SEARCHSTRING`): fetched server-to-server and scraped, so every hit is in the page as
 *   `NEW_ITEM-*` fields, at most `OCI_BACKGROUND_SEARCH_MAX_HITS`, no script, no paging; an empty term has no hits.
 * - DETAIL opens the product page, SOURCING the search results (interactive; nothing to render here).
 */
import type { AutoSubmitPageInput } from '../auto-submit-form.ts';
import { PunchOutInputError } from '../errors.ts';
import type { OciSettings, PunchOutLine } from '../punchout-line.ts';
import { checkReturnUrl } from '../return-url.ts';
import { ociFormTarget, ociResponseCharset, type OciCallUp } from './call-up.ts';
import { OCI_NUMBER_PATTERN } from '../../../../contract/oci.ts';
import { ociItemFields } from './fields.ts';

/** What a call-up's FUNCTION asks for: `none` without FUNCTION, `unknown` for a value no OCI version defines. */
export type OciFunctionKind = 'none' | 'DETAIL' | 'VALIDATE' | 'BACKGROUND_SEARCH' | 'SOURCING' | 'unknown';

const KNOWN_FUNCTIONS: ReadonlySet<string> = new Set(['DETAIL', 'VALIDATE', 'BACKGROUND_SEARCH', 'SOURCING']);

/**
 * The kind of a call-up's FUNCTION (case and surrounding white space ignored): `none` when absent or blank, one of
 * the OCI 4.0/5.0 functions, else `unknown` (the caller opens a normal session or a readable error page; it never
 * fails on it).
 */
export function ociFunctionKind(fn: string | undefined): OciFunctionKind {
  const name = fn?.trim().toUpperCase() ?? '';
  if (name === '') return 'none';
  return KNOWN_FUNCTIONS.has(name) ? (name as OciFunctionKind) : 'unknown';
}

/** Most hits a BACKGROUND_SEARCH page carries (the buyer's system scrapes one page; there is no paging). */
export const OCI_BACKGROUND_SEARCH_MAX_HITS = 50;

/** Texts of an interactive return page. */
export interface OciPageText {
  title: string;
  /** Shown above the form while it is submitted. */
  visibleText?: string;
  /** Label of the button shown when script is off. */
  submitLabel?: string;
}

/** Form action, leading hidden fields, target and charset of every OCI return page of a call-up. */
function formBase(
  settings: OciSettings,
  callUp: OciCallUp,
): Pick<AutoSubmitPageInput, 'target' | 'charset'> & { action: string; fields: [string, string][] } {
  const hook = checkReturnUrl(callUp.hookUrl, settings.hookOrigins, { allowSapEvent: true });
  if (!hook.ok) {
    throw new PunchOutInputError(
      `return-url-${hook.reason}`,
      hook.reason === 'missing'
        ? 'The call-up has no HOOK_URL: the shop does not know where to send the cart.'
        : `The call-up's HOOK_URL is not allowed for this buyer (${hook.reason}).`,
    );
  }
  const target = ociFormTarget(callUp, settings);
  const fields: [string, string][] = [...hook.hidden];
  if (settings.echoSapFields) {
    const present = new Set(fields.map(([name]) => name.toLowerCase()));
    const echo: [string, string | undefined, string][] = [
      ['~OkCode', callUp.okCode, 'ADDI'],
      ['~TARGET', callUp.target, target],
      ['~CALLER', callUp.caller, 'CTLG'],
    ];
    for (const [name, sent, fallback] of echo) {
      if (present.has(name.toLowerCase())) continue;
      fields.push([name, sent !== undefined && sent.trim() !== '' ? sent : fallback]);
    }
  }
  return { action: hook.action, fields, target, charset: ociResponseCharset(callUp, settings) };
}

/**
 * The cart transfer page: the cart's lines as `NEW_ITEM-*` fields (`ociItemFields`), auto-submitted to HOOK_URL,
 * with the given texts. An empty `lines` is the empty cart a cancel posts.
 *
 * @throws PunchOutInputError `return-url-missing|malformed|scheme|origin` when HOOK_URL is not accepted, and what
 *   `ociItemFields` throws.
 */
export function ociCartReturnPage(
  lines: readonly PunchOutLine[],
  settings: OciSettings,
  callUp: OciCallUp,
  text: OciPageText,
): AutoSubmitPageInput {
  const base = formBase(settings, callUp);
  return {
    ...base,
    fields: [...base.fields, ...ociItemFields(lines, settings)],
    autoSubmit: true,
    ...text,
  };
}

/**
 * The answer to FUNCTION=VALIDATE: `line` is the product of PRODUCTID priced for the call-up's QUANTITY
 * (`ociValidateQuantity`), or null when the product no longer exists. With a line: exactly that item's fields,
 * auto-submitted, no visible text, no button. Without: a page with no form at all.
 *
 * @throws PunchOutInputError as `ociCartReturnPage`.
 */
export function ociValidatePage(
  line: PunchOutLine | null,
  settings: OciSettings,
  callUp: OciCallUp,
  title = 'OCI VALIDATE',
): AutoSubmitPageInput {
  const base = formBase(settings, callUp);
  if (line === null) return { ...base, action: null, fields: [], autoSubmit: false, title };
  return { ...base, fields: [...base.fields, ...ociItemFields([line], settings)], autoSubmit: true, title };
}

/**
 * The quantity VALIDATE asks the price for: the call-up's QUANTITY (an OCI number: digits, optionally a dot and up
 * to 3 decimals; leading zeros allowed), 1 when the call-up sends none.
 *
 * @throws PunchOutInputError `quantity-invalid` for anything else (a comma, a sign, zero).
 */
export function ociValidateQuantity(callUp: Pick<OciCallUp, 'quantity'>): number {
  const text = callUp.quantity?.trim() ?? '';
  if (text === '') return 1;
  const quantity = OCI_NUMBER_PATTERN.test(text) ? Number(text) : 0;
  if (!(quantity > 0)) {
    throw new PunchOutInputError('quantity-invalid', `QUANTITY "${text.slice(0, 20)}" is not a positive OCI number.`);
  }
  return quantity;
}

/** The term of a BACKGROUND_SEARCH (or SOURCING) call-up, trimmed; null when absent or blank (then: no hits). */
export function ociSearchTerm(callUp: Pick<OciCallUp, 'searchString'>): string | null {
  const term = callUp.searchString?.trim() ?? '';
  return term === '' ? null : term;
}

/**
 * The answer to FUNCTION=BACKGROUND_SEARCH: the hits (in the caller's ranking) as `NEW_ITEM-*` fields, at most
 * `OCI_BACKGROUND_SEARCH_MAX_HITS` (and at most `settings.maxLines`), none when the call-up's term is blank; never
 * auto-submitted, no script, nothing visible.
 *
 * @throws PunchOutInputError as `ociCartReturnPage`.
 */
export function ociBackgroundSearchPage(
  hits: readonly PunchOutLine[],
  settings: OciSettings,
  callUp: OciCallUp,
  title = 'OCI BACKGROUND_SEARCH',
): AutoSubmitPageInput {
  const base = formBase(settings, callUp);
  const shown =
    ociSearchTerm(callUp) === null ? [] : hits.slice(0, Math.min(OCI_BACKGROUND_SEARCH_MAX_HITS, settings.maxLines));
  return { ...base, fields: [...base.fields, ...ociItemFields(shown, settings)], autoSubmit: false, title };
}
