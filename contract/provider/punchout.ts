/**
 * Punch-out (SAP OCI 4.0/5.0 and cXML PunchOut 1.2): a buyer starts in a procurement system, shops in a session of
 * its own with the prices and rights of the company user the supplier configured, and transfers the cart back
 * instead of ordering (docs/decisions/025-punch-out.md).
 *
 * The entry endpoints live below their own path segments, `/store-api/{oci-entry}/…` and `/store-api/{cxml-entry}/…`
 * (STORE_API_OCI_ENTRY, STORE_API_CXML_ENTRY; defaults `oci` and `cxml`); the endpoints of a running punch-out session
 * below `/store-api/{provider}/punchout/…`. The storefront serves the procurement systems' URLs (`/punchout/oci`,
 * `/punchout/cxml/setup`, `/punchout/cxml/order`, `/oci`, `/cxml/auth/…`, `/cxml/inspect/…`) and calls these.
 */
import * as v from 'valibot';
import { IdSchema } from '../ids.ts';

/** Default path segment of the OCI entry (`/store-api/oci/…`). */
export const DEFAULT_OCI_ENTRY = 'oci';
/** Default path segment of the cXML entry (`/store-api/cxml/…`). */
export const DEFAULT_CXML_ENTRY = 'cxml';

/** At most this many call-up fields are read (SAP sends about ten; catalogue-specific fields add a few). */
export const OCI_CALL_UP_MAX_FIELDS = 100;

/** One form or query field of an OCI call-up as the browser sent it: `[name, value]`. */
const CallUpFieldSchema = v.tuple([v.pipe(v.string(), v.maxLength(100)), v.pipe(v.string(), v.maxLength(4000))]);

/**
 * An OCI call-up as the storefront received it on `/punchout/oci`: the query's fields and the form's fields (a POST),
 * unchanged and in order; the backend merges them (the form wins, names case-insensitive; SAP OCI 4.0 outbound
 * section). `storefrontUrl` is the site's base URL the call-up arrived on (one of the sales channel's domains).
 */
export const OciCallUpRequestSchema = v.object({
  query: v.pipe(v.array(CallUpFieldSchema), v.maxLength(OCI_CALL_UP_MAX_FIELDS)),
  form: v.pipe(v.array(CallUpFieldSchema), v.maxLength(OCI_CALL_UP_MAX_FIELDS)),
  storefrontUrl: v.pipe(v.string(), v.url(), v.maxLength(500)),
});
export type OciCallUpRequest = v.InferInput<typeof OciCallUpRequestSchema>;

/**
 * Where the storefront takes a punch-out session once it is opened: the home page, a product (OCI
 * `FUNCTION=DETAIL`, cXML `SelectedItem`) or the search results (OCI `FUNCTION=SOURCING`).
 */
export const PunchOutLandingSchema = v.variant('kind', [
  v.object({ kind: v.literal('home') }),
  v.object({ kind: v.literal('product'), productId: IdSchema }),
  v.object({ kind: v.literal('search'), term: v.pipe(v.string(), v.maxLength(200)) }),
  v.object({ kind: v.literal('cart') }),
]);
export type PunchOutLanding = v.InferOutput<typeof PunchOutLandingSchema>;

/**
 * Answer of a call-up: a one-time code the storefront redirects the browser to (`/oci?otp=…`, 303), valid for
 * `expiresIn` seconds, so no credential stays in any URL (SAP OCI 4.0 outbound section; credentials arrive in clear).
 */
export const OciCallUpResponseSchema = v.object({
  otp: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)),
  expiresIn: v.number(),
  apiAlias: v.literal('punchout_call_up'),
});
export type OciCallUpResponse = v.InferOutput<typeof OciCallUpResponseSchema>;

/** Path of the one-time code exchange: `/otp/{otp}`. */
export const OciOtpPathSchema = v.object({ otp: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)) });

/**
 * Query of the cXML requests the storefront forwards (`/punchout/cxml/setup`, `/punchout/cxml/order`): `storefrontUrl`,
 * the base URL of the site the request arrived on (one of the sales channel's domains), from which the StartPage URL
 * is built. The body is the raw cXML document (`text/xml`), never JSON.
 */
export const CxmlRequestQuerySchema = v.object({
  storefrontUrl: v.optional(v.pipe(v.string(), v.url(), v.maxLength(500))),
});

/** One finding of a DTD validation: the parser's message and where it points, when it knows (lines from 1). */
export const CxmlValidationErrorSchema = v.object({
  message: v.pipe(v.string(), v.maxLength(2000)),
  line: v.nullable(v.number()),
  column: v.nullable(v.number()),
});

/**
 * Answer of the procurement simulator's DTD check (`POST /store-api/{cxml-entry}/punchout-test/validate`, only with
 * PUNCHOUT_TEST_PAGE=1): whether the posted cXML document is valid against the DTD version its DOCTYPE names
 * (cXML.dtd 1.2.071 and the older versions it covers; never fetched from the network), and every finding.
 */
export const CxmlValidationResultSchema = v.object({
  valid: v.boolean(),
  errors: v.pipe(v.array(CxmlValidationErrorSchema), v.maxLength(100)),
});
export type CxmlValidationResult = v.InferOutput<typeof CxmlValidationResultSchema>;

/** Path of a cXML start page: `/auth/{a}/{b}` and `/inspect/{a}/{b}` (a: the start's id, b: its secret). */
export const CxmlStartPathSchema = v.object({
  a: v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/)),
  b: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)),
});

/** Answer of an opened punch-out session: the new context token (also in `sw-context-token`) and where to land. */
export const PunchOutSessionStartSchema = v.object({
  contextToken: IdSchema,
  landing: PunchOutLandingSchema,
  apiAlias: v.literal('punchout_session_start'),
});
export type PunchOutSessionStart = v.InferOutput<typeof PunchOutSessionStartSchema>;

/**
 * The running punch-out session of the caller's context (`GET /store-api/{provider}/punchout/session`): which
 * protocol, the procurement system's name for the "Transfer to …" button, the operation (cXML `create`, `edit`,
 * `inspect`; OCI always `create`), whether the cart is read-only (cXML inspect), whether the session was opened in
 * test mode (cXML `deploymentMode="test"`), and the seconds until it ends.
 */
export const PunchOutSessionSchema = v.object({
  protocol: v.picklist(['oci', 'cxml']),
  systemName: v.string(),
  operation: v.picklist(['create', 'edit', 'inspect']),
  readOnly: v.boolean(),
  testMode: v.boolean(),
  expiresIn: v.number(),
  apiAlias: v.literal('punchout_session'),
});
export type PunchOutSession = v.InferOutput<typeof PunchOutSessionSchema>;

/**
 * The punch-out cart extensions (Shopware's cart `extensions`): for OCI `ociForm` (the form that transfers the cart
 * to HOOK_URL: action, target, charset and the hidden fields in order) and `ociSystemMetadata`; for cXML `cxmlForm`
 * (action = BrowserFormPost URL, the one hidden field and its value).
 */
export const OciFormSchema = v.object({
  action: v.string(),
  method: v.literal('POST'),
  target: v.string(),
  charset: v.picklist(['UTF-8', 'ISO-8859-1']),
  fields: v.array(v.tuple([v.string(), v.string()])),
});
export type OciForm = v.InferOutput<typeof OciFormSchema>;

export const OciSystemMetadataSchema = v.object({
  systemName: v.string(),
  ociVersion: v.nullable(v.string()),
  hookOrigin: v.string(),
});
export type OciSystemMetadata = v.InferOutput<typeof OciSystemMetadataSchema>;

export const CxmlFormSchema = v.object({
  action: v.string(),
  method: v.literal('POST'),
  target: v.string(),
  field: v.picklist(['cxml-base64', 'cxml-urlencoded']),
  value: v.string(),
});
export type CxmlForm = v.InferOutput<typeof CxmlFormSchema>;
