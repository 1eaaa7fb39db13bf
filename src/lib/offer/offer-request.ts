/**
 * Asking the supplier for an offer on the cart or on an order list: POST `{provider}/offer/request` with the buyer's
 * comment and client reference, and `orderListId` for a list (contract/provider/erp.ts OfferRequestSchema;
 * ROLE_REQUEST_OFFER and a cart, or a list the caller sees, with at least one product line). The cart stays as it
 * is; the answer is the new, open offer.
 *
 * @throws StoreApiClientError for a non-2xx answer (a text over its maximum length answers 400
 *   `VIOLATION::TOO_LONG_ERROR` at `/comment` or `/clientReference`); an answer that is not the contract's shape
 *   throws valibot's ValiError.
 */
import type { OfferDetail, OfferRequest } from '../../../contract/provider/erp.ts';
import { provider } from '../store-api/provider.ts';

/** Sends the offer request for the cart, or for the list `orderListId`; empty texts go as null. */
export async function requestOffer(request: {
  comment: string;
  clientReference: string;
  orderListId?: string | undefined;
}): Promise<OfferDetail> {
  const body: OfferRequest = {
    ...(request.orderListId ? { orderListId: request.orderListId } : {}),
    comment: request.comment.trim() || null,
    clientReference: request.clientReference.trim() || null,
  };
  return provider.invoke('requestOffer', { body });
}
