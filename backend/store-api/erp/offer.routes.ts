/**
 * Offers through the supplier's ERP (contract/provider/erp.ts, docs/decisions/016-erp.md):
 *
 * - `POST /store-api/{provider}/offer/request` (OfferRequest → the new, open OfferDetail): asks for an offer on the
 *   caller's cart, its product lines at their quantities as the cart calculation reads them; needs ROLE_REQUEST_OFFER;
 *   a cart without product lines answers 400 `{PROVIDER}__OFFER_CART_EMPTY`. The cart stays as it is. With
 *   `orderListId` the lines are the available items of that order list instead
 *   (backend/commerce/order-lists/order-list.service.ts `orderListOfferLines`): needs ROLE_MANAGE_ORDER_LISTS as well,
 *   a list the caller does not see answers 404 `{PROVIDER}__ORDER_LIST_NOT_FOUND`, a list without available items the
 *   same 400 as an empty cart. Each line keeps the company's own article number for a requester holding
 *   ROLE_MANAGE_ARTICLE_LINKS (docs/decisions/017).
 * - `GET …/offer/history` (OfferHistoryQuery → one page of OfferSummary, newest first) and
 *   `GET …/offer/history/detail?offerNumber=` (→ OfferDetail): need ROLE_MANAGE_OFFER_HISTORY; the caller's own offers,
 *   the company's with ROLE_MANAGE_COMPANY_ORDER_HISTORY (the scope of the order history).
 * - `GET …/offer/{offerNumber}/document`: the PDF of a processed offer; needs ROLE_MANAGE_OFFER_HISTORY and
 *   ROLE_VIEW_PRICES (the offer and its history answer a caller without that right without prices).
 * - `POST …/offer/cart` `{ offerNumber }` (→ OfferToCartResponse): puts the lines of a processed, valid offer in the
 *   cart at the offered prices (backend/commerce/cart/cart-change.ts `addOfferLines`). Needs ROLE_MANAGE_OFFER_HISTORY, the
 *   right to read the offer; putting lines in the cart needs only the login, as adding to the cart does (placing the
 *   order later needs what every order needs). An open offer answers 400 `{PROVIDER}__OFFER_NOT_PROCESSED`, one past
 *   its last valid day 400 `{PROVIDER}__OFFER_EXPIRED`.
 *
 * An offer number unknown or outside the caller's scope answers 404 `{PROVIDER}__OFFER_NOT_FOUND` on every route.
 * Without a login 403 `CHECKOUT__CUSTOMER_NOT_LOGGED_IN`, without the right 403 `{PROVIDER}__MISSING_RIGHT`.
 */
import type { Hono } from 'hono';
import {
  type OfferDetail,
  type OfferHistoryResponse,
  type OfferToCartResponse,
} from '../../../contract/provider/erp.ts';
import { requireCustomer, requireRight } from '../../auth/guards.ts';
import { StoreApiError } from '../../http/errors.ts';
import { calculateCart } from '../../commerce/cart/calculate-cart.ts';
import { addOfferLines } from '../../commerce/cart/cart-change.ts';
import type { OfferRequestInput } from '../../erp/port.ts';
import { orderListOfferLines } from '../../commerce/order-lists/order-list.service.ts';
import { withCustomerArticleNumbers } from '../../commerce/article-links/lookup.ts';
import type { StoreApiEnv } from '../context.ts';
import { historyScope, offerNotFound, pdfResponse, type ErpRouteDeps } from './erp-http.ts';
import { pricedFor } from '../../commerce/accounts/prices-hidden.ts';
import { providerErrorCode } from '../../../contract/provider.ts';
import { providerRoute } from '../../http/provider-route.ts';

/** Registers the offer routes (see the module comment). */
export function registerOfferRoutes(app: Hono<StoreApiEnv>, deps: ErpRouteDeps): void {
  const { db, config, erp } = deps;
  const now = deps.now ?? (() => new Date());
  const code = (name: string) => providerErrorCode(config.provider, name);

  providerRoute(app, config.provider, 'requestOffer', async (c) => {
    const me = await requireCustomer(c, db);
    requireRight(me, 'ROLE_REQUEST_OFFER', config.provider);
    const body = c.req.valid('json');
    const context = c.get('context');
    let lines: OfferRequestInput['lines'];
    if (body.orderListId) {
      requireRight(me, 'ROLE_MANAGE_ORDER_LISTS', config.provider);
      lines = await orderListOfferLines(db, me, config.provider, body.orderListId, {
        locale: context.language.localeCode,
        mediaBaseUrl: config.mediaBaseUrl,
      });
    } else {
      const { model } = await calculateCart(db, me, context, { config, now: now() });
      lines = model.lines.map((l) => ({
        productId: l.productId,
        productNumber: l.productNumber,
        label: l.label,
        quantity: l.quantity,
        unit: l.unit,
      }));
    }
    if (!lines.length) {
      throw new StoreApiError(400, code('OFFER_CART_EMPTY'), 'The cart holds no articles to ask an offer for.');
    }
    lines = await withCustomerArticleNumbers(db, me, lines);
    const offer = await erp.requestOffer({
      companyId: me.companyId,
      customerId: me.id,
      locale: context.language.localeCode,
      comment: body.comment || null,
      clientReference: body.clientReference || null,
      lines,
    });
    c.header('cache-control', 'private, no-store');
    return pricedFor(me, offer satisfies OfferDetail);
  });

  providerRoute(app, config.provider, 'readOfferHistory', async (c) => {
    const me = await requireCustomer(c, db);
    requireRight(me, 'ROLE_MANAGE_OFFER_HISTORY', config.provider);
    const page = await erp.offerHistory(historyScope(c, me), c.req.valid('query'));
    c.header('cache-control', 'private, no-store');
    return pricedFor(me, page satisfies OfferHistoryResponse);
  });

  providerRoute(app, config.provider, 'readOfferDetail', async (c) => {
    const me = await requireCustomer(c, db);
    requireRight(me, 'ROLE_MANAGE_OFFER_HISTORY', config.provider);
    const { offerNumber } = c.req.valid('query');
    const offer = await erp.offerDetail(historyScope(c, me), offerNumber);
    if (!offer) throw offerNotFound(config.provider, offerNumber);
    c.header('cache-control', 'private, no-store');
    return pricedFor(me, offer satisfies OfferDetail);
  });

  providerRoute(app, config.provider, 'readOfferDocument', async (c) => {
    const me = await requireCustomer(c, db);
    requireRight(me, 'ROLE_MANAGE_OFFER_HISTORY', config.provider);
    // The offer PDF is a document of prices, rendered by the ERP (docs/decisions/014, "Buyers without
    // ROLE_VIEW_PRICES").
    requireRight(me, 'ROLE_VIEW_PRICES', config.provider);
    const { offerNumber } = c.req.valid('param');
    const document = await erp.document(historyScope(c, me), 'offer', offerNumber);
    if (!document) throw offerNotFound(config.provider, offerNumber);
    return pdfResponse(c, document);
  });

  providerRoute(app, config.provider, 'offerToCart', async (c) => {
    const me = await requireCustomer(c, db);
    requireRight(me, 'ROLE_MANAGE_OFFER_HISTORY', config.provider);
    const { offerNumber } = c.req.valid('json');
    const scope = historyScope(c, me);
    const detail = await erp.offerDetail(scope, offerNumber);
    if (!detail) throw offerNotFound(config.provider, offerNumber);
    if (detail.status === 'open') {
      throw new StoreApiError(
        400,
        code('OFFER_NOT_PROCESSED'),
        `The offer "${offerNumber}" has not been answered yet.`,
        { parameters: { offer: offerNumber } },
      );
    }
    const offer = await erp.offerForCart(scope, offerNumber, now());
    if (!offer) {
      throw new StoreApiError(
        400,
        code('OFFER_EXPIRED'),
        `The offer "${offerNumber}" was valid until ${detail.validUntil ?? 'an earlier day'}.`,
        { parameters: { offer: offerNumber, validUntil: detail.validUntil } },
      );
    }
    const added = await addOfferLines(db, me.id, offer);
    c.header('cache-control', 'private, no-store');
    return { offerNumber: offer.offerNumber, added } satisfies OfferToCartResponse;
  });
}
