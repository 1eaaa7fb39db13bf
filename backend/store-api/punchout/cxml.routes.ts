/**
 * The cXML entry (cXML PunchOut 1.2; docs/decisions/025-punch-out.md), below `/store-api/{cxml-entry}`:
 *
 * - `POST /setup`: a PunchOutSetupRequest, server to server. Parsed without resolving a DTD or an entity
 *   (backend/commerce/punchout/cxml/xml-safe.ts), the buyer found by its From credential and authenticated by the
 *   Sender's shared secret (cXML Reference Guide 1.2.051 §5.6.2.1, §3.1.7.5), BrowserFormPost checked against the
 *   configuration's origins; answered with a PunchOutSetupResponse whose StartPage is a single-use URL of the
 *   storefront (`/cxml/auth/{a}/{b}`, `/cxml/inspect/{a}/{b}`; 5 minutes), or a Status document. `edit` and `inspect`
 *   re-create the cart from the request's ItemOut lines, known by their SupplierPartAuxiliaryID (signed by the shop
 *   when it sent them; a line the shop did not send is refused with 412).
 * - `POST /order`: an OrderRequest becomes an order of the buyer's configured user
 *   (backend/commerce/punchout/order-request.ts), answered with a Status document; the request hands the order to the
 *   ERP once it is placed and booked to that user (backend/commerce/orders/erp-handover.ts `handOverAfterCommit`; a
 *   failure is logged and left to the order's hand-over job).
 * - `POST /auth/{a}/{b}`, `POST /inspect/{a}/{b}`: the start becomes the session's context.
 * - `POST /logout`: ends the session without a transfer.
 *
 * Every answer of `/setup` is a cXML document with HTTP 200 (an error page would be taken for a transient failure
 * and retried, §3.1.9.1), except a body over 1 MiB: HTTP 413 with a Status 406 document.
 */
import { bodyLimit } from 'hono/body-limit';
import type { Context, Hono } from 'hono';
import { providerErrorCode } from '../../../contract/provider.ts';
import { configuredSiteUrl, type BackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { StoreApiError } from '../../http/errors.ts';
import { providerRoute } from '../../http/provider-route.ts';
import { addLineItems } from '../../commerce/cart/cart-change.ts';
import { cxmlConfigByIdentity, type CxmlConfig } from '../../commerce/punchout/config.ts';
import { verifyAuxId } from '../../commerce/punchout/cxml/aux-id.ts';
import { identityMatches, resolveParty, secretMatches } from '../../commerce/punchout/cxml/credentials.ts';
import {
  buildProfileResponse,
  buildSetupResponse,
  buildStatusResponse,
} from '../../commerce/punchout/cxml/documents.ts';
import { readProfileRequest } from '../../commerce/punchout/cxml/profile.ts';
import { CxmlRequestError } from '../../commerce/punchout/cxml/errors.ts';
import { parseSetupRequest, type PunchOutSetupRequest } from '../../commerce/punchout/cxml/setup-request.ts';
import { parseOrderRequest } from '../../commerce/punchout/cxml/order-request.ts';
import { receiveOrderRequest } from '../../commerce/punchout/order-request.ts';
import type { ErpPort } from '../../erp/port.ts';
import type { JobSender } from '../../jobs/queues.ts';
import { handOverAfterCommit } from '../../commerce/orders/erp-handover.ts';
import { statusForError } from '../../commerce/punchout/cxml/status.ts';
import { validateCxml } from '../../commerce/punchout/cxml/dtd-validate.ts';
import { storeApiBodyLimit } from '../../http/body-limit.ts';
import { checkReturnUrl } from '../../commerce/punchout/return-url.ts';
import {
  CXML_START_TTL_MS,
  endExpiredPunchOutSessions,
  issueStart,
  openPunchOutSession,
  redeemStart,
} from '../../commerce/punchout/sessions.ts';
import type { CxmlSessionData } from '../../commerce/punchout/transfer.ts';
import type { StoreApiEnv } from '../context.ts';
import { endOwnPunchOutSession, openPunchOutContext } from './punchout-context.ts';

/** Since when the shop's cXML transactions exist (the ProfileResponse's `effectiveDate`). */
const PROFILE_EFFECTIVE_DATE = new Date('2026-11-28T00:00:00+01:00');

/** Largest cXML request read, in bytes (1 MiB: a setup request is a few KiB, an order with 500 lines ~1 MiB). */
export const CXML_MAX_BODY_BYTES = 1024 * 1024;

export interface CxmlRouteDeps {
  db: Db;
  config: BackendConfig;
  /** Enqueues the confirmation mail and the ERP hand-over of an accepted OrderRequest's order with the order. */
  jobs?: JobSender | undefined;
  /**
   * The ERP the request hands an accepted OrderRequest's order to, once it is booked to the configured user; none:
   * the hand-over job alone hands it over.
   */
  erp?: Pick<ErpPort, 'transferOrder'> | undefined;
  now?: () => Date;
}

/** A cXML answer: the document with its media type (cXML Reference Guide 1.2.051 §3.1.4). */
export function cxmlResponse(xml: string, status = 200): Response {
  return new Response(xml, {
    status,
    headers: { 'content-type': 'text/xml; charset=UTF-8', 'cache-control': 'no-store' },
  });
}

/** The body limit of the cXML routes: beyond it, HTTP 413 with a Status 406 document. */
export const cxmlBodyLimit = bodyLimit({
  maxSize: CXML_MAX_BODY_BYTES,
  onError: () =>
    cxmlResponse(
      buildStatusResponse(406, 'Not Acceptable', `The document is larger than ${CXML_MAX_BODY_BYTES} bytes.`),
      413,
    ),
});

/**
 * The configuration of a request's buyer: found by the From credentials (all credentials of a recognised domain must
 * name the same buyer, cXML Reference Guide 1.2.051 §3.1.7.5), then authenticated by the Sender's SharedSecret, which
 * a network hub inserts for the buyer (§5.3.2.2), compared in constant time with the configured one.
 *
 * @throws CxmlRequestError 401 for unknown, conflicting or unauthenticated credentials (one text for all, so the
 *   answer does not tell which part was wrong).
 */
export async function authenticateBuyer(
  db: Db,
  request: Pick<PunchOutSetupRequest, 'from' | 'sender'>,
): Promise<CxmlConfig> {
  const refused = () => new CxmlRequestError(401, 'Sender credentials were not accepted.');
  let config: CxmlConfig | null = null;
  for (const credential of request.from.slice(0, 10)) {
    config = await cxmlConfigByIdentity(db, credential.domain, credential.identity);
    if (config) break;
  }
  if (!config) throw refused();
  resolveParty(request.from, [
    { domain: config.settings.buyerDomain, identity: config.settings.buyerIdentity, party: config.id },
  ]);
  const secrets = request.sender.filter((s) => s.sharedSecret !== null);
  if (secrets.length === 0 || !secrets.every((s) => secretMatches(s.sharedSecret, config.secretHash))) {
    throw refused();
  }
  return config;
}

/** Checks that the request is addressed to this shop, when the configuration names the shop's identity. */
function checkTo(request: PunchOutSetupRequest, config: CxmlConfig): void {
  const own = config.settings.supplierIdentity;
  if (!own) return;
  const us = { domain: config.settings.supplierDomain, identity: own };
  if (!request.to.some((to) => identityMatches(to, us))) {
    throw new CxmlRequestError(401, 'Sender credentials were not accepted.');
  }
}

/** Registers the routes of the module comment (the order request: ./cxml-order.routes.ts). */
export function registerCxmlRoutes(app: Hono<StoreApiEnv>, routeDeps: CxmlRouteDeps): void {
  const { db, config, now } = { now: () => new Date(), ...routeDeps };

  providerRoute(
    app,
    config.cxmlEntry,
    'cxmlSetupRequest',
    async (c) => {
      const at = now();
      try {
        const body = new Uint8Array(await c.req.arrayBuffer());
        const storefrontUrl = configuredSiteUrl(
          config,
          c.req.query('storefrontUrl'),
          c.get('context').language.localeCode,
        );
        // A ProfileRequest (also a ping) is answered with the transactions and their URLs (§5.1.2.2).
        const profile = readProfileRequest(body);
        if (profile) {
          await authenticateBuyer(db, profile);
          return cxmlResponse(
            buildProfileResponse(
              [
                { requestName: 'ProfileRequest', url: `${storefrontUrl}/punchout/cxml/setup` },
                { requestName: 'PunchOutSetupRequest', url: `${storefrontUrl}/punchout/cxml/setup` },
                { requestName: 'OrderRequest', url: `${storefrontUrl}/punchout/cxml/order` },
              ],
              PROFILE_EFFECTIVE_DATE,
              { now: at, hostname: new URL(storefrontUrl).hostname },
            ),
          );
        }
        const request = parseSetupRequest(body);
        const buyer = await authenticateBuyer(db, request);
        checkTo(request, buyer);
        const operation = request.operation;
        if (operation === 'source') throw new CxmlRequestError(450, 'The operation "source" is not supported.');
        if (operation === 'edit' && !buyer.settings.allowEdit) {
          throw new CxmlRequestError(450, 'The operation "edit" is not enabled for this buyer.');
        }
        if (operation === 'inspect' && !(buyer.settings.allowInspect || buyer.settings.allowEdit)) {
          throw new CxmlRequestError(450, 'The operation "inspect" is not enabled for this buyer.');
        }
        const returnUrl = checkReturnUrl(request.browserFormPostUrl, buyer.settings.formPostOrigins);
        if (!returnUrl.ok) {
          throw new CxmlRequestError(
            returnUrl.reason === 'missing' || returnUrl.reason === 'malformed' ? 400 : 403,
            'The BrowserFormPost URL is not an address configured for this buyer.',
          );
        }
        // The lines of an edit or inspect: the products of the SupplierPartAuxiliaryIDs the shop signed.
        const items = operation === 'create' ? [] : request.items;
        const lines = items.map((item) => {
          const productId = item.supplierPartAuxiliaryId
            ? verifyAuxId(item.supplierPartAuxiliaryId, buyer.auxKey)
            : null;
          if (!productId) {
            throw new CxmlRequestError(
              412,
              `The line ${item.supplierPartId} was not transferred by this shop: the cart cannot be re-opened.`,
            );
          }
          if (!(item.quantity > 0)) throw new CxmlRequestError(400, `The line ${item.supplierPartId} has no quantity.`);
          return { productId, quantity: item.quantity };
        });
        const data: CxmlSessionData = {
          buyerCookie: request.buyerCookie,
          lang: request.lang ?? 'en-US',
          from: request.from.map((f) => ({ domain: f.domain, identity: f.identity })),
          to: request.to.map((t) => ({ domain: t.domain, identity: t.identity })),
          payloadId: request.payloadId,
          extrinsics: request.extrinsics,
          deploymentMode: request.deploymentMode,
          landing: lines.length ? { kind: 'cart' } : { kind: 'home' },
          storefrontUrl,
        };
        await endExpiredPunchOutSessions(db, at);
        const session = await openPunchOutSession(db, {
          configId: buyer.id,
          configuredCustomerId: buyer.customerId,
          protocol: 'cxml',
          operation,
          returnUrl: returnUrl.url,
          data: data as unknown as Record<string, unknown>,
          testMode: request.deploymentMode === 'test',
          now: at,
        });
        if (lines.length && session.customerId) {
          await addLineItems(
            db,
            session.customerId,
            lines.map((l) => ({
              type: 'product' as const,
              id: l.productId,
              referencedId: l.productId,
              quantity: Math.ceil(l.quantity),
            })),
          );
        }
        const kind = operation === 'inspect' ? 'inspect' : 'cxml';
        const start = await issueStart(db, session.id, kind, CXML_START_TTL_MS, at);
        const startUrl = `${storefrontUrl}/cxml/${operation === 'inspect' ? 'inspect' : 'auth'}/${start.id}/${start.secret}`;
        return cxmlResponse(
          buildSetupResponse(startUrl, data.lang, { now: at, hostname: new URL(storefrontUrl).hostname }),
        );
      } catch (error) {
        const status = statusForError(error);
        if (status.code === 500) console.error('[punchout] cXML setup request failed', (error as Error).message);
        return cxmlResponse(buildStatusResponse(status.code, status.text, status.detail));
      }
    },
    { ownBody: true, middleware: [cxmlBodyLimit] },
  );

  providerRoute(
    app,
    config.cxmlEntry,
    'cxmlOrderRequest',
    async (c) => {
      const at = now();
      try {
        const request = parseOrderRequest(new Uint8Array(await c.req.arrayBuffer()));
        const buyer = await authenticateBuyer(db, request);
        const outcome = await receiveOrderRequest(
          { db, config, jobs: routeDeps.jobs },
          { request, buyer, context: c.get('context'), now: at },
        );
        // The order is booked to the configured user in its own transaction: the ERP takes it in as that user's.
        if (outcome.orderId) await handOverAfterCommit(db, routeDeps.erp, outcome.orderId);
        return cxmlResponse(outcome.xml);
      } catch (error) {
        // A rule of order placement (a cart error, the credit limit) is the request's fault, not a transient one.
        if (error instanceof StoreApiError && error.status < 500) {
          const details = (error.items ?? []).map((item) => item.detail).filter(Boolean);
          const text = [`${error.code}: ${error.message}`, ...details].join(' ');
          return cxmlResponse(buildStatusResponse(400, 'Bad Request', text.slice(0, 2000)));
        }
        const status = statusForError(error);
        if (status.code === 500) console.error('[punchout] cXML order request failed', (error as Error).message);
        return cxmlResponse(buildStatusResponse(status.code, status.text, status.detail));
      }
    },
    { ownBody: true, middleware: [cxmlBodyLimit] },
  );

  // The procurement simulator's DTD check (storefront `/punchout-test`, only with PUNCHOUT_TEST_PAGE=1).
  if (config.punchOutTestPage) {
    providerRoute(
      app,
      config.cxmlEntry,
      'validateCxmlDocument',
      async (c) => {
        const result = validateCxml(await c.req.text());
        return {
          valid: result.valid,
          errors: result.errors.slice(0, 100).map((message) => {
            const at = /line (\d+)(?:[^\d]+(\d+))?/i.exec(message);
            return {
              message: message.slice(0, 2000),
              line: at ? Number(at[1]) : null,
              column: at?.[2] ? Number(at[2]) : null,
            };
          }),
        };
      },
      { ownBody: true, middleware: [storeApiBodyLimit(CXML_MAX_BODY_BYTES)] },
    );
  }

  const start = (kind: 'cxml' | 'inspect') => async (c: Context<StoreApiEnv>, params: { a: string; b: string }) => {
    const at = now();
    const session = await redeemStart(db, kind, params.a, params.b, at);
    if (!session?.customerId) {
      throw new StoreApiError(
        404,
        providerErrorCode(config.cxmlEntry, 'START_NOT_FOUND'),
        'This punch-out link is unknown, used or expired.',
      );
    }
    return openPunchOutContext(c, db, { ...session, customerId: session.customerId }, at);
  };
  providerRoute(app, config.cxmlEntry, 'cxmlStart', (c, { params }) => start('cxml')(c, params));
  providerRoute(app, config.cxmlEntry, 'cxmlInspect', (c, { params }) => start('inspect')(c, params));

  providerRoute(app, config.cxmlEntry, 'cxmlLogout', (c) => endOwnPunchOutSession(c, db, config, 'cxml', now()));
}
