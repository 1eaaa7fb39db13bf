/**
 * The server side of the procurement simulator (`/punchout-test`, only with PUNCHOUT_TEST_PAGE=1): it sends cXML
 * setup requests to the shop's own cXML entry in-process (the same path `/punchout/cxml/setup` forwards to,
 * src/lib/punchout/cxml-forward.ts, so no request leaves the server), asks the Store API for the DTD check of a
 * received PunchOutOrderMessage (`validateCxmlDocument`), decodes a returned OCI cart in the charset the call-up
 * announced, and keeps the staff member's last cXML credentials in an HttpOnly cookie of their own browser (no
 * server-side state: the shop may run as several instances). The cart of an edit or inspect session travels in the
 * return page's hidden field.
 */
import type { AstroCookies } from 'astro';
import * as v from 'valibot';
import { CxmlValidationResultSchema, type CxmlValidationResult } from '../../../../contract/provider/punchout.ts';
import { cxmlTimestamp, newPayloadId } from '../../../../contract/cxml.ts';
import { sendCxml, type CxmlSite } from '../../../lib/punchout/cxml-forward.ts';
import { formCharset, parseUrlEncoded, type FormCharset, type FormField } from '../../../lib/punchout/form-body.ts';
import { forwardToStoreApi, storeApiHeaders } from '../../../lib/store-api/client.ts';
import { readBodyWithin } from '../../../lib/store-api/proxy.ts';
import { providerApiPath } from '../../../lib/store-api/server-provider.ts';
import {
  buildSetupRequest,
  parseOrderMessage,
  parseSetupResponse,
  redactSharedSecret,
  type CxmlItem,
  type SetupOperation,
  type SetupResponse,
} from './cxml.ts';
import { prettyXml } from './xml.ts';

/** The demo OCI login of Peeters (the demo seed's punch-out configuration). */
export const DEMO_OCI_LOGIN = { username: 'peeters-oci', password: 'Punchout-Demo-2026' } as const;

/** The demo cXML buyer of Peeters: From and Sender credential and shared secret; the supplier's To identity. */
export const DEMO_CXML = {
  fromDomain: 'NetworkID',
  fromIdentity: 'AN-PEETERS-T',
  sharedSecret: 'cxml-demo-secret-2026',
  toDomain: 'NetworkID',
  toIdentity: 'AN-WERKBANK',
} as const;

/** The query field of HOOK_URL that tells the return page the charset of the call-up (`http_content_charset`). */
export const CHARSET_FIELD = 'simulator_charset';

/** Largest return form read, in bytes: 200 lines of about 30 fields, or a base64 PunchOutOrderMessage. */
export const RETURN_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The fields of a returned OCI cart (`/punchout-test/oci-return`), decoded in the charset the call-up announced:
 * `simulator_charset` from the return URL's query or the form itself (HOOK_URL's own parameters come back as
 * hidden fields, SAP OCI 4.0 inbound section), else the OCI default ISO-8859-1.
 *
 * @returns the fields and the charset used, or `too-large`/`unreadable`.
 */
export async function readOciReturnForm(
  request: Request,
  url: URL,
): Promise<{ fields: FormField[]; charset: FormCharset } | 'too-large' | 'unreadable'> {
  const body = await readBodyWithin(request, RETURN_MAX_BYTES);
  if (body === null) return 'too-large';
  if (body === 'unreadable') return 'unreadable';
  // The field's name and value are ASCII: any charset reads them alike.
  const announced =
    url.searchParams.get(CHARSET_FIELD) ?? parseUrlEncoded(body, 'ISO-8859-1').find(([n]) => n === CHARSET_FIELD)?.[1];
  const charset = formCharset(announced) ?? 'ISO-8859-1';
  return { fields: parseUrlEncoded(body, charset), charset };
}

/** What the simulator remembers of the last cXML setup: the credentials the staff member typed. */
export interface SimulatorState {
  fromDomain: string;
  fromIdentity: string;
  sharedSecret: string;
  toDomain: string;
  toIdentity: string;
}

/** Name of the simulator's cookie (HttpOnly, its own browser only). */
export const SIMULATOR_COOKIE = 'wb-punchout-simulator';

const StateSchema = v.object({
  fromDomain: v.pipe(v.string(), v.maxLength(200)),
  fromIdentity: v.pipe(v.string(), v.maxLength(200)),
  sharedSecret: v.pipe(v.string(), v.maxLength(200)),
  toDomain: v.pipe(v.string(), v.maxLength(200)),
  toIdentity: v.pipe(v.string(), v.maxLength(200)),
});

/** The remembered credentials, else the demo's. */
export function simulatorState(cookies: AstroCookies): SimulatorState {
  const raw = cookies.get(SIMULATOR_COOKIE)?.value;
  if (raw) {
    try {
      const parsed = v.safeParse(StateSchema, JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
      if (parsed.success) return parsed.output;
    } catch {
      // A damaged cookie: the demo's credentials.
    }
  }
  return { ...DEMO_CXML };
}

/** Remembers `state` for the simulator's pages (`path` the simulator's path on the site). */
export function rememberSimulatorState(cookies: AstroCookies, state: SimulatorState, path: string, secure: boolean) {
  cookies.set(SIMULATOR_COOKIE, Buffer.from(JSON.stringify(state)).toString('base64url'), {
    httpOnly: true,
    sameSite: 'lax',
    path,
    secure,
    maxAge: 86_400,
  });
}

/** A setup request to send, as the simulator's form posts it. */
export interface SetupSubmission extends SimulatorState {
  operation: SetupOperation;
  buyerCookie: string;
  browserFormPost: string;
  deploymentMode: 'production' | 'test';
  userEmail: string;
  /** The lines of an edit or inspect session (from the returned PunchOutOrderMessage). */
  items: CxmlItem[];
}

/** The field `name` of a posted form (the last one), or ''. */
export function formValue(fields: readonly FormField[], name: string): string {
  return fields.findLast(([field]) => field === name)?.[1] ?? '';
}

/**
 * A submission from the simulator's form: credentials, operation (create unless edit or inspect), BuyerCookie,
 * BrowserFormPost, deployment mode, and for edit and inspect the lines of the PunchOutOrderMessage in the hidden
 * `cart` field (base64 of the document; unreadable → no lines).
 */
export function setupSubmission(fields: readonly FormField[]): SetupSubmission {
  const value = (name: string) => formValue(fields, name).trim();
  const operation = value('operation');
  let items: CxmlItem[] = [];
  const cart = value('cart');
  if (cart) {
    try {
      items = parseOrderMessage(Buffer.from(cart, 'base64').toString('utf8')).items;
    } catch {
      items = [];
    }
  }
  return {
    fromDomain: value('fromDomain'),
    fromIdentity: value('fromIdentity'),
    sharedSecret: formValue(fields, 'sharedSecret'),
    toDomain: value('toDomain'),
    toIdentity: value('toIdentity'),
    operation: operation === 'edit' || operation === 'inspect' ? operation : 'create',
    buyerCookie: value('buyerCookie') || crypto.randomUUID(),
    browserFormPost: value('browserFormPost'),
    deploymentMode: value('deploymentMode') === 'production' ? 'production' : 'test',
    userEmail: value('userEmail'),
    items,
  };
}

/** What the shop answered a setup request. */
export interface SetupExchange {
  /** The request as shown (shared secret hidden, indented). */
  request: string;
  httpStatus: number;
  /** The answer as shown (indented when it is XML), and what it says. */
  answer: string;
  parsed: SetupResponse | null;
  error: string | null;
}

/**
 * Builds the PunchOutSetupRequest of `submission` and sends it to the shop's cXML entry for `site` (in-process,
 * through the path `/punchout/cxml/setup` forwards to), then reads its answer.
 */
export async function sendSetupRequest(submission: SetupSubmission, site: CxmlSite): Promise<SetupExchange> {
  const now = new Date();
  const xml = buildSetupRequest({
    payloadId: newPayloadId(new URL(site.storefrontUrl).host, now),
    timestamp: cxmlTimestamp(now),
    from: { domain: submission.fromDomain, identity: submission.fromIdentity },
    to: { domain: submission.toDomain, identity: submission.toIdentity },
    sender: {
      domain: submission.fromDomain,
      identity: submission.fromIdentity,
      sharedSecret: submission.sharedSecret,
    },
    operation: submission.operation,
    buyerCookie: submission.buyerCookie,
    browserFormPost: submission.browserFormPost,
    items: submission.items,
    deploymentMode: submission.deploymentMode,
    userEmail: submission.userEmail || null,
  });
  const response = await sendCxml('cxmlSetupRequest', new TextEncoder().encode(xml), 'text/xml; charset=UTF-8', site);
  const text = await response.text();
  let parsed: SetupResponse | null = null;
  let error: string | null = null;
  let answer = text;
  try {
    answer = prettyXml(text);
    parsed = parseSetupResponse(text);
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  return { request: prettyXml(redactSharedSecret(xml)), httpStatus: response.status, answer, parsed, error };
}

/** The DTD check of a document, or the HTTP status of a Store API that does not offer it. */
export type ValidationOutcome = { ok: true; result: CxmlValidationResult } | { ok: false; status: number };

/**
 * Asks the Store API to validate `xml` against the local DTD its DOCTYPE names (`validateCxmlDocument`, only with
 * the Store API's PUNCHOUT_TEST_PAGE=1; the storefront never imports the backend).
 */
export async function validateCxml(xml: string, site: Pick<CxmlSite, 'languageId'>): Promise<ValidationOutcome> {
  const headers = new Headers(await storeApiHeaders({ languageId: site.languageId }));
  headers.set('content-type', 'text/xml; charset=UTF-8');
  let response: Response;
  try {
    response = await forwardToStoreApi(providerApiPath('validateCxmlDocument'), {
      method: 'POST',
      headers,
      body: new TextEncoder().encode(xml),
    });
  } catch {
    return { ok: false, status: 503 };
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return { ok: false, status: response.status };
  }
  const parsed = v.safeParse(CxmlValidationResultSchema, await response.json().catch(() => null));
  return parsed.success ? { ok: true, result: parsed.output } : { ok: false, status: 502 };
}
