/**
 * The transfer of a punch-out cart back to the procurement system, through the buyer's browser (there is no other
 * channel: SAP OCI 4.0 inbound section; cXML Reference Guide 1.2.051 §5.4.3):
 *
 * - OCI: one form posted to HOOK_URL without its query string, HOOK_URL's query parameters and (unless switched off)
 *   `~OkCode=ADDI`, `~TARGET`, `~CALLER=CTLG` as hidden fields, then the `NEW_ITEM-*[n]` fields of the lines
 *   (./oci/fields.ts), in the charset the call-up asked for, into the frame `returntarget`, `~TARGET` or `_top`.
 * - cXML: one form posted to the BrowserFormPost URL with one hidden field, `cxml-base64` or `cxml-urlencoded`,
 *   holding the PunchOutOrderMessage (./cxml/documents.ts).
 *
 * `transferForm` gives the form (also shown as the cart's `ociForm` / `cxmlForm` extension); `transferPage` the page
 * that submits it. Cancel is the same form with no lines (cXML: an empty PunchOutOrderMessage, §5.4.3.2; OCI: an
 * empty cart, or the configured cancel URL).
 */
import type { CxmlForm, OciForm, OciSystemMetadata, PunchOutLanding } from '../../../contract/provider/punchout.ts';
import type { PunchOutSessionRow } from './sessions.ts';
import type { CxmlConfig, OciConfig, PunchOutConfig } from './config.ts';
import type { PunchOutLine } from './punchout-line.ts';
import { ociItemFields } from './oci/fields.ts';
import { checkReturnUrl } from './return-url.ts';
import { buildPunchOutOrderMessage, encodePoomFormValue } from './cxml/documents.ts';
import { operationAllowedFor } from './cxml/settings.ts';
import { renderAutoSubmitPage } from './auto-submit-form.ts';
import { PunchOutInputError } from './errors.ts';

/** What an OCI session keeps of its call-up (punchout_session.data). */
export interface OciSessionData {
  /** `returntarget`, else `~TARGET`, else the configuration's, else `_top`. */
  target: string;
  /** `~TARGET` as received, echoed as a hidden field. */
  sapTarget: string | null;
  okCode: string | null;
  caller: string | null;
  charset: 'UTF-8' | 'ISO-8859-1';
  ociVersion: string | null;
  opiVersion: string | null;
  /** Catalogue-specific call-up fields, kept for the log (never the password). */
  extra: [string, string][];
  /** Where the storefront takes the session (FUNCTION=DETAIL, SOURCING). */
  landing: PunchOutLanding;
  /** Base URL of the site the call-up arrived on. */
  storefrontUrl: string;
}

/** What a cXML session keeps of its setup request (punchout_session.data). */
export interface CxmlSessionData {
  /** The BuyerCookie's content, byte-identical (returned unchanged, §5.3.4). */
  buyerCookie: string;
  lang: string;
  /** The buyer's From credentials and our To credential as received (returned swapped in the message). */
  from: { domain: string; identity: string }[];
  to: { domain: string; identity: string }[];
  payloadId: string;
  extrinsics: Record<string, string>;
  deploymentMode: 'production' | 'test';
  landing: PunchOutLanding;
  storefrontUrl: string;
}

/** The UserAgent of the documents the shop sends (cXML `Sender/UserAgent`). */
export const CXML_USER_AGENT = 'Werkbank punch-out 1.0';

export type TransferForm = { protocol: 'oci'; form: OciForm } | { protocol: 'cxml'; form: CxmlForm };

/**
 * The form that transfers `lines` (empty for a cancel or an inspect session).
 *
 * @throws PunchOutInputError when the session's return URL no longer passes the configuration's origins (it was
 *   checked when the session opened; a configuration changed since refuses it), or a unit has no mapping.
 */
export function transferForm(
  session: PunchOutSessionRow,
  config: PunchOutConfig,
  lines: readonly PunchOutLine[],
  options: { cancel?: boolean; hostname: string; now: Date },
): TransferForm {
  if (config.protocol === 'oci') return { protocol: 'oci', form: ociTransferForm(session, config, lines, options) };
  return { protocol: 'cxml', form: cxmlTransferForm(session, config, lines, options) };
}

function ociTransferForm(
  session: PunchOutSessionRow,
  config: OciConfig,
  lines: readonly PunchOutLine[],
  options: { cancel?: boolean },
): OciForm {
  const data = session.data as unknown as OciSessionData;
  if (options.cancel && config.settings.cancelUrl) {
    return {
      action: config.settings.cancelUrl,
      method: 'POST',
      target: data.target,
      charset: data.charset,
      fields: [],
    };
  }
  const url = checkReturnUrl(session.returnUrl, config.settings.hookOrigins, { allowSapEvent: true });
  if (!url.ok) throw new PunchOutInputError('return-url-origin', `HOOK_URL is no longer allowed (${url.reason})`);
  const echo: [string, string][] = config.settings.echoSapFields
    ? [
        ['~OkCode', data.okCode ?? 'ADDI'],
        ...(data.sapTarget ? ([['~TARGET', data.sapTarget]] as [string, string][]) : []),
        ['~CALLER', data.caller ?? 'CTLG'],
      ]
    : [];
  return {
    action: url.action,
    method: 'POST',
    target: data.target,
    charset: data.charset,
    fields: [...url.hidden, ...echo, ...(options.cancel ? [] : ociItemFields(lines, config.settings))],
  };
}

function cxmlTransferForm(
  session: PunchOutSessionRow,
  config: CxmlConfig,
  lines: readonly PunchOutLine[],
  options: { cancel?: boolean; hostname: string; now: Date },
): CxmlForm {
  const data = session.data as unknown as CxmlSessionData;
  const url = checkReturnUrl(session.returnUrl, config.settings.formPostOrigins);
  if (!url.ok)
    throw new PunchOutInputError('return-url-origin', `BrowserFormPost is no longer allowed (${url.reason})`);
  const inspect = session.operation === 'inspect';
  const supplier = {
    domain: config.settings.supplierDomain,
    identity: config.settings.supplierIdentity || options.hostname,
  };
  const xml = buildPunchOutOrderMessage({
    buyerCookieRaw: data.buyerCookie,
    lang: data.lang,
    operationAllowed: operationAllowedFor(config.settings),
    lines: options.cancel || inspect ? [] : lines,
    currency: lines[0]?.currency ?? 'EUR',
    settings: config.settings,
    auxIdKey: config.auxKey,
    from: supplier,
    to: data.from,
    sender: { credentials: supplier, userAgent: CXML_USER_AGENT },
    deploymentMode: data.deploymentMode,
    ...(options.cancel ? { status204: true } : {}),
    meta: { hostname: options.hostname, now: options.now },
  });
  const field = config.settings.formField;
  return { action: url.url, method: 'POST', target: '_top', field, value: encodePoomFormValue(xml, field) };
}

/** OCI's system metadata of the cart (`ociSystemMetadata`). */
export function ociSystemMetadata(session: PunchOutSessionRow, config: OciConfig): OciSystemMetadata {
  const data = session.data as unknown as OciSessionData;
  let hookOrigin: string;
  try {
    hookOrigin = new URL(session.returnUrl).origin;
  } catch {
    hookOrigin = session.returnUrl.split('?')[0] ?? '';
  }
  return { systemName: config.systemName, ociVersion: data.ociVersion, hookOrigin };
}

/**
 * The page that submits a transfer form in the browser, with the Content-Security-Policy it needs: its one script
 * by hash and the form's origin in `form-action`.
 */
export function transferPage(
  transfer: TransferForm,
  texts: { title: string; visibleText: string; submitLabel: string },
): { body: Buffer; contentType: string; contentSecurityPolicy: string } {
  const fields: [string, string][] =
    transfer.protocol === 'oci' ? transfer.form.fields : [[transfer.form.field, transfer.form.value]];
  const charset = transfer.protocol === 'oci' ? transfer.form.charset : 'UTF-8';
  const page = renderAutoSubmitPage({
    action: transfer.form.action,
    fields,
    target: transfer.form.target,
    charset,
    autoSubmit: true,
    title: texts.title,
    visibleText: texts.visibleText,
    submitLabel: texts.submitLabel,
  });
  return {
    body: page.body,
    contentType: page.contentType,
    contentSecurityPolicy: transferPolicy(transfer.form.action, page.scriptHashes),
  };
}

/**
 * The Content-Security-Policy of a page that posts a form to `action`: the form's origin (or `SAPEVENT:` for SAP
 * GUI's pseudo-URL) in `form-action`, the scripts by hash, nothing else.
 */
export function transferPolicy(action: string, scriptHashes: readonly string[]): string {
  let target: string;
  try {
    const url = new URL(action);
    target = url.protocol === 'sapevent:' ? 'sapevent:' : url.origin;
  } catch {
    target = "'none'";
  }
  const scripts = scriptHashes.length ? scriptHashes.join(' ') : "'none'";
  return `default-src 'none'; script-src ${scripts}; style-src 'unsafe-inline'; form-action ${target}; base-uri 'none'`;
}
