/**
 * The documentation of every provider endpoint of contract/provider/endpoints.ts, by operationId: its summary, the
 * meaning of its success answer and every other answer it gives (the errors in Shopware's envelope, a cXML Status
 * document), which the OpenAPI document docs/openapi/provider.json describes. Only scripts/provider-openapi.ts and
 * tests read it; the runtime table keeps what code needs (method, path, schemas, the success answer), so neither the
 * browser bundle nor the server carries this text (lint keeps it out of src/, backend/ and the rest of contract/).
 *
 * `{PROVIDER}`, `{OCI}` and `{CXML}` in a text stand for the error-code prefix of the provider segment and of the
 * punch-out entries (contract/provider.ts providerErrorCode); the generator puts in the defaults.
 */
import type { ProviderEndpoint, ProviderResponse } from './endpoints.ts';
import { providerSuccess, type ProviderOperationId } from './operations.ts';

/** One documented answer: its meaning and what it carries (an error answer: schema `Error`, Shopware's envelope). */
export interface ProviderResponseDoc extends ProviderResponse {
  description: string;
}

/** The documentation of one endpoint. */
export interface ProviderEndpointDoc {
  /** What the endpoint does, the rights it needs, its filters and limits. */
  summary: string;
  /** The meaning of the success answer (its status and body are the table entry's `responses`). */
  successDescription: string;
  /** Every other answer by status (4xx, 5xx; never a 2xx). */
  responses: Readonly<Record<number, ProviderResponseDoc>>;
}

const error = (description: string): ProviderResponseDoc => ({ description, schema: 'Error' });

const NOT_LOGGED_IN = 'Not logged in (CHECKOUT__CUSTOMER_NOT_LOGGED_IN).';
const CONTACTS = (extra = '') =>
  error(
    `${NOT_LOGGED_IN.slice(0, -1)}, or ROLE_MANAGE_CONTACTS missing ({PROVIDER}__MISSING_RIGHT, meta.parameters.right)${extra}.`,
  );
const ADDRESSES = error(
  `${NOT_LOGGED_IN.slice(0, -1)}, or ROLE_MANAGE_ADDRESSES missing ({PROVIDER}__MISSING_RIGHT, meta.parameters.right).`,
);
const VIOLATIONS = error('VIOLATION::… items, one per broken field rule (source.pointer names the field).');
const NOT_FOUND_USER = error('The id does not exist or belongs to another company (the two are indistinguishable).');
/** 403 of an endpoint that needs `right`. */
const needsRight = (right: string) =>
  error(`${NOT_LOGGED_IN.slice(0, -1)}, or ${right} missing ({PROVIDER}__MISSING_RIGHT, meta.parameters.right).`);
const ORDER_FLOWS = needsRight('ROLE_MANAGE_ORDER_FLOWS');
const ORDER_FLOW_RIGHTS = error(
  `${NOT_LOGGED_IN.slice(0, -1)}, ROLE_MANAGE_ORDER_FLOWS missing, ROLE_MANAGE_BUDGETS missing for a change of a ` +
    'budget field or one that lifts a limit from a user, or ROLE_MANAGE_APPROVERS missing for a change of the ' +
    'approvers ({PROVIDER}__MISSING_RIGHT, meta.parameters.right); {PROVIDER}__OWN_LIMIT_CHANGE (the change lifts ' +
    "a limit of the caller's own) or {PROVIDER}__OWN_APPROVER (the caller would approve their own flow).",
);
const ORDER_REFERENCE_RIGHTS = error(
  `${NOT_LOGGED_IN.slice(0, -1)}, ROLE_MANAGE_ORDER_REFERENCES missing, ROLE_MANAGE_BUDGETS missing for a change of ` +
    'a budget field or the start date, or ROLE_MANAGE_APPROVERS missing for a change of the approvers ' +
    '({PROVIDER}__MISSING_RIGHT, meta.parameters.right); {PROVIDER}__OWN_LIMIT_CHANGE (loosens the budget of a ' +
    'reference the caller books to) or {PROVIDER}__OWN_APPROVER (the caller would approve a reference they book to).',
);
const ORDER_FLOW_NOT_FOUND = error('{PROVIDER}__ORDER_FLOW_NOT_FOUND: unknown, or of another company.');
const ORDER_FLOW_MEMBER_NOT_FOUND = error(
  '{PROVIDER}__ORDER_FLOW_NOT_FOUND (unknown or of another company), or CHECKOUT__CUSTOMER_NOT_FOUND_BY_ID ' +
    '(meta.parameters.id): a user or approver is not a customer of the company.',
);
const ORDER_REFERENCES = needsRight('ROLE_MANAGE_ORDER_REFERENCES');
const ADD_ORDER_REFERENCES = needsRight('ROLE_ADD_ORDER_REFERENCES');
const MANAGE_COST_CENTER = needsRight('ROLE_MANAGE_COST_CENTER');
const ACCESS_COST_CENTER = needsRight('ROLE_ACCESS_COST_CENTER');
const ARTICLE_LINKS = needsRight('ROLE_MANAGE_ARTICLE_LINKS');
const ARTICLE_LINK_NOT_FOUND = error('{PROVIDER}__ARTICLE_LINK_NOT_FOUND: unknown, or of another company.');
const ARTICLE_LINK_RULES = error(
  'VIOLATION::… items (a number blank, longer than 64 characters or with control characters), or at the field: ' +
    'PRODUCT_ID_NOT_FOUND (/productId, no article has the supplier article number), PRODUCT_ID_NOT_UNIQUE ' +
    '(/productId, the article already has a customer number in the company), CUSTOMER_SKU_NOT_UNIQUE ' +
    '(/customerSku, another article of the company has the number, case ignored).',
);
const ORDER_REFERENCE_NOT_FOUND = error('{PROVIDER}__ORDER_REFERENCE_NOT_FOUND: unknown, or of another company.');
const EXTERNAL_CONTACT_NOT_FOUND = error(
  '{PROVIDER}__EXTERNAL_CONTACT_NOT_FOUND (meta.parameters.id): an id is unknown or of another company; nothing changed.',
);
const ORDER_HISTORY = needsRight('ROLE_MANAGE_ORDER_HISTORY');
const INVOICE_HISTORY = needsRight('ROLE_MANAGE_INVOICE_HISTORY');
const OFFER_HISTORY = needsRight('ROLE_MANAGE_OFFER_HISTORY');
/** Said of the answers built from priced records (docs/decisions/014, "Buyers without ROLE_VIEW_PRICES"). */
const WITHOUT_PRICES =
  'A caller without ROLE_VIEW_PRICES gets every amount 0 (list prices null, tax breakdowns empty).';
const PRICED_DOCUMENT = (right: string) =>
  error(
    `${NOT_LOGGED_IN.slice(0, -1)}, or ${right} or ROLE_VIEW_PRICES missing ({PROVIDER}__MISSING_RIGHT, ` +
      'meta.parameters.right): the document shows prices.',
  );
const ERP_FILTERS =
  'productNumber and customerArticleNumber (an article of a line, exact), customerReference (part, case ignored), ' +
  'dateFrom and dateTo (days in Europe/Brussels, both included; dateFrom after dateTo is refused at /dateFrom); ' +
  'page size 20 unless limit says otherwise (at most 100)';
const ERP_SCOPE =
  "The caller's own, with ROLE_MANAGE_COMPANY_ORDER_HISTORY the whole company's; another company's number answers " +
  '404 like an unknown one.';
const PDF_HEADERS = 'Content-Disposition: attachment with the file name; Cache-Control: private, no-store.';
const INVOICE_NOT_FOUND = error(
  '{PROVIDER}__INVOICE_NOT_FOUND (meta.parameters.invoice): unknown, or of another company.',
);
const OFFER_NOT_FOUND = error(
  '{PROVIDER}__OFFER_NOT_FOUND (meta.parameters.offer): unknown, of another company, or a colleague’s without ' +
    'ROLE_MANAGE_COMPANY_ORDER_HISTORY.',
);
const ORDER_LISTS = needsRight('ROLE_MANAGE_ORDER_LISTS');
const ORDER_LIST_NOT_FOUND = error(
  '{PROVIDER}__ORDER_LIST_NOT_FOUND (meta.parameters.id): unknown, of another company, or a colleague’s private list.',
);
const ORDER_LIST_ITEM_ERRORS =
  '{PROVIDER}__ORDER_LIST_PRODUCT_NOT_FOUND (meta.parameters.productNumber or productId: an unknown article or one ' +
  'that cannot be ordered; nothing is written), {PROVIDER}__ORDER_LIST_TOO_MANY_ITEMS (meta.parameters.max: more ' +
  'than 500 articles)';
const RATE_LIMITED = error(
  'FRAMEWORK__RATE_LIMIT_EXCEEDED (meta.parameters.seconds): too many attempts from this client address.',
);

/**
 * The documentation by operationId: every operation of the table has one entry and there is no other (a missing or
 * extra key fails the type check).
 */
export const PROVIDER_ENDPOINT_DOCS: { readonly [Op in ProviderOperationId]: ProviderEndpointDoc } = {
  readOrderHistory: {
    summary:
      "One page of the caller's orders, newest first; with ROLE_MANAGE_COMPANY_ORDER_HISTORY the whole company's. " +
      'Filters: orderNumber, productNumber (an article of a line), orderReference (part, case ignored), dateFrom and ' +
      `dateTo (days in Europe/Brussels, both included), state. Needs ROLE_MANAGE_ORDER_HISTORY. ${WITHOUT_PRICES}`,
    successDescription: 'One page of orders.',
    responses: {
      400: VIOLATIONS,
      403: error(
        `${NOT_LOGGED_IN.slice(0, -1)}, or ROLE_MANAGE_ORDER_HISTORY missing ({PROVIDER}__MISSING_RIGHT, meta.parameters.right).`,
      ),
    },
  },
  readOrderHistoryDetail: {
    summary:
      'One order by orderNumber or id, with its lines (backorder, remark), addresses, shipping, surcharge, discount ' +
      'and totals. Needs ROLE_MANAGE_ORDER_HISTORY; a colleague’s order also ROLE_MANAGE_COMPANY_ORDER_HISTORY. ' +
      WITHOUT_PRICES,
    successDescription: 'The order.',
    responses: {
      400: error('Neither orderNumber nor id (VIOLATION::IS_BLANK_ERROR on /orderNumber), or a malformed id.'),
      403: error(
        `${NOT_LOGGED_IN.slice(0, -1)}, or ROLE_MANAGE_ORDER_HISTORY missing ({PROVIDER}__MISSING_RIGHT, meta.parameters.right).`,
      ),
      404: error(
        '{PROVIDER}__ORDER_NOT_FOUND: unknown, of another company, or a colleague’s without the company right.',
      ),
    },
  },
  readErpOrderHistory: {
    summary:
      "One page of the orders the supplier's ERP holds, of every channel (shop, phone, e-mail, EDI, counter), newest " +
      `first. ${ERP_SCOPE} Filters: orderNumber (exact), status (one status or not_open), ${ERP_FILTERS}. Needs ` +
      `ROLE_MANAGE_ORDER_HISTORY. ${WITHOUT_PRICES}`,
    successDescription: 'One page of orders.',
    responses: {
      400: VIOLATIONS,
      403: ORDER_HISTORY,
    },
  },
  readErpOrderDetail: {
    summary:
      'One order of the ERP by orderNumber (with firm and warehouse when the list named them): lines with what was ' +
      `delivered and invoiced, deliveries with delivery note and tracking number, invoices, addresses and totals. ${ERP_SCOPE} ` +
      `Needs ROLE_MANAGE_ORDER_HISTORY. ${WITHOUT_PRICES}`,
    successDescription: 'The order.',
    responses: {
      400: VIOLATIONS,
      403: ORDER_HISTORY,
      404: error(
        '{PROVIDER}__ORDER_NOT_FOUND: unknown, of another company, or a colleague’s without the company right.',
      ),
    },
  },
  readInvoiceHistory: {
    summary:
      "One page of the company's invoices, newest first, with the links of their PDFs. Filters: invoiceNumber and " +
      `orderNumber (exact), ${ERP_FILTERS}. Needs ROLE_MANAGE_INVOICE_HISTORY. ${WITHOUT_PRICES}`,
    successDescription: 'One page of invoices.',
    responses: {
      400: VIOLATIONS,
      403: INVOICE_HISTORY,
    },
  },
  readInvoiceDocument: {
    summary:
      `The invoice as a PDF in the caller's language. ${PDF_HEADERS} Needs ROLE_MANAGE_INVOICE_HISTORY and ` +
      'ROLE_VIEW_PRICES.',
    successDescription: 'The invoice PDF.',
    responses: {
      403: PRICED_DOCUMENT('ROLE_MANAGE_INVOICE_HISTORY'),
      404: INVOICE_NOT_FOUND,
    },
  },
  readInvoiceProofOfDelivery: {
    summary:
      'The proof of delivery of an invoiced delivery as a PDF: delivery note, tracking number, who signed; no prices. ' +
      `${PDF_HEADERS} Needs ROLE_MANAGE_INVOICE_HISTORY.`,
    successDescription: 'The proof of delivery PDF.',
    responses: {
      403: INVOICE_HISTORY,
      404: error(
        '{PROVIDER}__INVOICE_NOT_FOUND (meta.parameters.invoice): unknown, of another company, or without a delivery.',
      ),
    },
  },
  requestOffer: {
    summary:
      "Asks the supplier for an offer on the caller's cart: its article lines at their quantities, with an optional " +
      'comment and client reference. The cart stays as it is. With orderListId the lines are the available items of ' +
      'that order list instead (needs ROLE_MANAGE_ORDER_LISTS as well). Answers the new offer (open, no prices yet). ' +
      'Needs ROLE_REQUEST_OFFER.',
    successDescription: 'The offer request, open.',
    responses: {
      400: error(
        '{PROVIDER}__OFFER_CART_EMPTY: the cart (or the order list) holds no article; or VIOLATION::TOO_LONG_ERROR ' +
          'on comment or clientReference.',
      ),
      403: error(
        `${NOT_LOGGED_IN.slice(0, -1)}, ROLE_REQUEST_OFFER missing, or with orderListId ROLE_MANAGE_ORDER_LISTS ` +
          'missing ({PROVIDER}__MISSING_RIGHT, meta.parameters.right).',
      ),
      404: ORDER_LIST_NOT_FOUND,
    },
  },
  readOfferHistory: {
    summary:
      `One page of offers, newest first. ${ERP_SCOPE} Filters: offerNumber (exact), status (open or processed), ` +
      `${ERP_FILTERS}. Needs ROLE_MANAGE_OFFER_HISTORY. ${WITHOUT_PRICES}`,
    successDescription: 'One page of offers.',
    responses: {
      400: VIOLATIONS,
      403: OFFER_HISTORY,
    },
  },
  readOfferDetail: {
    summary:
      `One offer by offerNumber with its lines; prices once processed. ${ERP_SCOPE} Needs ` +
      `ROLE_MANAGE_OFFER_HISTORY. ${WITHOUT_PRICES}`,
    successDescription: 'The offer.',
    responses: {
      400: VIOLATIONS,
      403: OFFER_HISTORY,
      404: OFFER_NOT_FOUND,
    },
  },
  readOfferDocument: {
    summary:
      `The PDF of a processed offer in the caller's language. ${PDF_HEADERS} ${ERP_SCOPE} Needs ` +
      'ROLE_MANAGE_OFFER_HISTORY and ROLE_VIEW_PRICES.',
    successDescription: 'The offer PDF.',
    responses: {
      403: PRICED_DOCUMENT('ROLE_MANAGE_OFFER_HISTORY'),
      404: error(
        '{PROVIDER}__OFFER_NOT_FOUND (meta.parameters.offer): unknown, out of scope, or still open (no PDF yet).',
      ),
    },
  },
  offerToCart: {
    summary:
      "Puts the lines of a processed, valid offer in the caller's cart as product lines carrying the offer " +
      '(payload.offer): they are priced at the offered unit price for the offered quantity while the offer is valid ' +
      '(its last day included); afterwards, or at another quantity, the cart error {provider}-offer-expired or ' +
      '{provider}-offer-quantity-changed blocks the order. Putting the offer in again resets its lines. Needs ' +
      'ROLE_MANAGE_OFFER_HISTORY.',
    successDescription: 'How many lines went into the cart.',
    responses: {
      400: error(
        '{PROVIDER}__OFFER_NOT_PROCESSED (not answered yet), {PROVIDER}__OFFER_EXPIRED (past its last valid day), ' +
          'CHECKOUT__CART_LINE_ITEM_LIMIT_REACHED, or VIOLATION::IS_BLANK_ERROR on offerNumber.',
      ),
      403: OFFER_HISTORY,
      404: OFFER_NOT_FOUND,
    },
  },
  listOrderFlows: {
    summary:
      "One page of the company's order flows by name. Filter: term (part of the name, case ignored). Page size 20. " +
      'Needs ROLE_MANAGE_ORDER_FLOWS.',
    successDescription: 'One page of order flows.',
    responses: {
      400: VIOLATIONS,
      403: ORDER_FLOWS,
    },
  },
  readPendingOrderFlowApprovals: {
    summary:
      'How many approval requests of the flows the caller approves wait for a decision (their own requests left ' +
      `out), and the newest 20. Needs ROLE_APPROVE_ORDER_FLOWS. ${WITHOUT_PRICES}`,
    successDescription: 'The pending requests.',
    responses: {
      403: needsRight('ROLE_APPROVE_ORDER_FLOWS'),
    },
  },
  createOrderFlow: {
    summary:
      'Creates an order flow: a budget per user and period in EUR, the approval threshold approveFrom (net order ' +
      'total in EUR, inclusive) and approveFromPeriod (net orders per period), approvers and users of the company ' +
      '(each user leaves their former flow). Needs ROLE_MANAGE_ORDER_FLOWS; with a budget field, or a user taken ' +
      'out of another flow, also ROLE_MANAGE_BUDGETS; with approvers ROLE_MANAGE_APPROVERS.',
    successDescription: 'The new flow.',
    responses: {
      400: error(
        'VIOLATION::… items (name, amounts, period; a custom period or a budget that is not renewable needs an end ' +
          'date not before the start).',
      ),
      403: ORDER_FLOW_RIGHTS,
      404: error('CHECKOUT__CUSTOMER_NOT_FOUND_BY_ID (meta.parameters.id): a user or approver is not of the company.'),
    },
  },
  assignOrderFlow: {
    summary:
      'Puts users of the company into a flow; each leaves their former flow. Needs a flow and at least one user, ' +
      'and ROLE_MANAGE_ORDER_FLOWS; taking a user out of another flow also ROLE_MANAGE_BUDGETS, never for oneself.',
    successDescription: 'The flow after the change.',
    responses: {
      400: error(
        'VIOLATION::IS_BLANK_ERROR at /flowId, VIOLATION::TOO_FEW_ERROR at /users, or other VIOLATION::… items.',
      ),
      403: ORDER_FLOW_RIGHTS,
      404: ORDER_FLOW_MEMBER_NOT_FOUND,
    },
  },
  readOrderFlow: {
    summary: 'One order flow of the company. Needs ROLE_MANAGE_ORDER_FLOWS.',
    successDescription: 'The flow.',
    responses: {
      400: VIOLATIONS,
      403: ORDER_FLOWS,
      404: ORDER_FLOW_NOT_FOUND,
    },
  },
  updateOrderFlow: {
    summary:
      'Replaces an order flow with the body (absent fields take their defaults); usage already booked stays. Needs ' +
      'ROLE_MANAGE_ORDER_FLOWS; changing a budget field, or lifting a limit (removing a user, deactivating, an ' +
      'earlier end date, another start date), also ROLE_MANAGE_BUDGETS, never on oneself; the approvers ' +
      'ROLE_MANAGE_APPROVERS.',
    successDescription: 'The flow after the change.',
    responses: {
      400: VIOLATIONS,
      403: ORDER_FLOW_RIGHTS,
      404: ORDER_FLOW_MEMBER_NOT_FOUND,
    },
  },
  deleteOrderFlow: {
    summary:
      'Deletes an order flow in one transaction: its pending approval requests are cancelled and what they reserved ' +
      '(on the flow and on an order reference) is released; its users order without a flow from then on; the budget ' +
      'ledger keeps its rows. Needs ROLE_MANAGE_ORDER_FLOWS, and ROLE_MANAGE_BUDGETS when it has users; never a ' +
      'flow the caller is a user of.',
    successDescription: 'Deleted.',
    responses: {
      400: VIOLATIONS,
      403: ORDER_FLOW_RIGHTS,
      404: ORDER_FLOW_NOT_FOUND,
    },
  },
  listApprovals: {
    summary:
      'One page of the approval requests the caller may see, newest first: an approver those of the flows and order ' +
      'references they approve, a buyer their own, a lead buyer or a holder of ROLE_MANAGE_COMPANY_ORDER_HISTORY the ' +
      "company's. Filters: status, term (approval or order number, requester, order reference), ids. Page size 20. " +
      `${WITHOUT_PRICES} Budgets stay.`,
    successDescription: 'One page of approval requests.',
    responses: {
      400: VIOLATIONS,
      403: error(NOT_LOGGED_IN),
    },
  },
  approveOrder: {
    summary:
      'Approves a pending request: in one transaction the order is written from the snapshot taken at request time ' +
      'and the reserved budgets are consumed; the requester gets mail; the decision is audited. Needs ' +
      'ROLE_APPROVE_ORDER_FLOWS and being an approver of the request’s flow or order reference; never one’s own.',
    successDescription: 'Approved; the order’s id and number.',
    responses: {
      400: error(
        'VIOLATION::… items (comment too long, malformed id), or the order writer’s errors (CHECKOUT__CART_INVALID ' +
          'for a closeout article out of stock, {PROVIDER}__CREDIT_LIMIT_EXCEEDED).',
      ),
      403: error(
        `${NOT_LOGGED_IN.slice(0, -1)}, ROLE_APPROVE_ORDER_FLOWS missing ({PROVIDER}__MISSING_RIGHT), not an approver ` +
          'of the request ({PROVIDER}__APPROVAL_NOT_APPROVER), or one’s own request ({PROVIDER}__APPROVAL_SELF_DECISION).',
      ),
      404: error('{PROVIDER}__APPROVAL_NOT_FOUND: unknown, or of another company.'),
      409: error(
        '{PROVIDER}__APPROVAL_ALREADY_DECIDED (meta.parameters.status): the request is no longer pending; ' +
          '{PROVIDER}__APPROVAL_EXPIRED: it waited longer than 30 days and has now expired; ' +
          '{PROVIDER}__APPROVAL_REQUESTER_CANNOT_ORDER: its requester may no longer order (deleted, deactivated, ' +
          'ROLE_PLACE_ORDERS taken away), so it is now cancelled and its budget released; ' +
          '{PROVIDER}__APPROVAL_REFERENCE_NOT_USABLE: its order reference can no longer be booked to by the requester ' +
          '(deactivated, outside its dates, the requester taken off it), so it is now cancelled and its budget released.',
      ),
    },
  },
  withdrawApproval: {
    summary:
      'The requester withdraws their own pending request: in one transaction it becomes withdrawn and what it ' +
      'reserved on the budgets is released once. Needs a logged-in customer who sent the request.',
    successDescription: 'Withdrawn.',
    responses: {
      400: VIOLATIONS,
      403: error(NOT_LOGGED_IN),
      404: error('{PROVIDER}__APPROVAL_NOT_FOUND: unknown, of another company, or not the caller’s own request.'),
      409: error(
        '{PROVIDER}__APPROVAL_ALREADY_DECIDED (meta.parameters.status): no longer pending; ' +
          '{PROVIDER}__APPROVAL_EXPIRED: it has expired.',
      ),
    },
  },
  decideApprovals: {
    summary:
      'Approves or declines up to 100 requests; each decision is its own transaction with the rules of approveOrder ' +
      '(declining releases the reserved budgets once), so one refused decision leaves the others standing.',
    successDescription: 'One result per action, outcome or error.',
    responses: {
      400: error('VIOLATION::… items: no or more than 100 actions, an id twice, an unknown action, a long comment.'),
      403: error(
        `${NOT_LOGGED_IN.slice(0, -1)}, or ROLE_APPROVE_ORDER_FLOWS missing ({PROVIDER}__MISSING_RIGHT, meta.parameters.right).`,
      ),
    },
  },
  listOrderLists: {
    summary:
      "One page of the order lists the caller sees (their own private lists and the company's shared ones), newest " +
      "first, each with its item count and amount at the caller's prices (null without ROLE_VIEW_PRICES), and every " +
      'tag of those lists. Filters: term (part of the name, case ignored), ownerType, tagIds (comma-separated, any of ' +
      'them). Page size 20 unless limit says otherwise (at most 100). Needs ROLE_MANAGE_ORDER_LISTS.',
    successDescription: 'One page of order lists.',
    responses: {
      400: VIOLATIONS,
      403: ORDER_LISTS,
    },
  },
  createOrderList: {
    summary:
      'Creates an order list of the caller (private unless ownerType is company) with tags and items from one ' +
      "source: items, fromCart (the cart's article lines; the cart stays as it is) or sourceListId (a copy of a list " +
      'the caller sees). Quantities are raised to the minimum purchase and rounded up to the purchase step; an ' +
      'article named twice is put once with the quantities added. Needs ROLE_MANAGE_ORDER_LISTS.',
    successDescription: 'The new list with its items.',
    responses: {
      400: error(
        `VIOLATION::… items, ${ORDER_LIST_ITEM_ERRORS}, or {PROVIDER}__ORDER_LIST_CART_EMPTY (fromCart with a cart ` +
          'without articles).',
      ),
      403: ORDER_LISTS,
      404: ORDER_LIST_NOT_FOUND,
    },
  },
  readOrderList: {
    summary:
      "One order list the caller sees with its items: name in the caller's language, customer article number (with " +
      'ROLE_MANAGE_ARTICLE_LINKS), purchase rules, cover, product page path, availability, prices at the tier for the ' +
      'quantity, ecotax and stock (null without ROLE_VIEW_PRICES), delivery time. Needs ROLE_MANAGE_ORDER_LISTS.',
    successDescription: 'The list with its items.',
    responses: {
      400: VIOLATIONS,
      403: ORDER_LISTS,
      404: ORDER_LIST_NOT_FOUND,
    },
  },
  updateOrderList: {
    summary:
      'Renames, shares or makes private, or retags an order list the caller sees; only its creator makes a shared ' +
      'list private. Needs ROLE_MANAGE_ORDER_LISTS.',
    successDescription: 'The list after the change.',
    responses: {
      400: VIOLATIONS,
      403: error(
        `${NOT_LOGGED_IN.slice(0, -1)}, ROLE_MANAGE_ORDER_LISTS missing ({PROVIDER}__MISSING_RIGHT), or ` +
          '{PROVIDER}__ORDER_LIST_NOT_OWNER: only the creator makes a shared list private.',
      ),
      404: ORDER_LIST_NOT_FOUND,
    },
  },
  deleteOrderList: {
    summary: 'Deletes an order list the caller sees with its items. Needs ROLE_MANAGE_ORDER_LISTS.',
    successDescription: 'Deleted.',
    responses: {
      400: VIOLATIONS,
      403: ORDER_LISTS,
      404: ORDER_LIST_NOT_FOUND,
    },
  },
  putOrderListItems: {
    summary:
      'Puts articles on an order list the caller sees: mode add (default) adds each quantity to the item or puts the ' +
      "article on the list; set makes it the item's quantity. Quantities are raised to the minimum purchase and " +
      'rounded up to the purchase step. Needs ROLE_MANAGE_ORDER_LISTS.',
    successDescription: 'The list with its items.',
    responses: {
      400: error(`VIOLATION::… items, ${ORDER_LIST_ITEM_ERRORS}.`),
      403: ORDER_LISTS,
      404: ORDER_LIST_NOT_FOUND,
    },
  },
  deleteOrderListItems: {
    summary:
      'Takes articles off an order list the caller sees, by product id (ids not on the list are ignored). Needs ' +
      'ROLE_MANAGE_ORDER_LISTS.',
    successDescription: 'The list with its items.',
    responses: {
      400: VIOLATIONS,
      403: ORDER_LISTS,
      404: ORDER_LIST_NOT_FOUND,
    },
  },
  listOrderReferences: {
    summary:
      "One page of the company's order references by name, each with its budget and what is left of it in the " +
      'current period. Filter: term (part of the name, case ignored). Page size 20. Needs ROLE_MANAGE_ORDER_REFERENCES.',
    successDescription: 'One page of order references.',
    responses: {
      400: VIOLATIONS,
      403: ORDER_REFERENCES,
    },
  },
  createOrderReference: {
    summary:
      'Creates an order reference: a name unique in the company (case ignored, at most 30 characters), an optional ' +
      'budget per period in EUR, its users and approvers. Needs ROLE_MANAGE_ORDER_REFERENCES; with a budget field ' +
      'also ROLE_MANAGE_BUDGETS, with approvers ROLE_MANAGE_APPROVERS.',
    successDescription: 'The new reference.',
    responses: {
      400: error(
        'VIOLATION::… items (name blank, too long or with control characters; budget; period; dates: a custom period ' +
          'needs an end date not before the start), or ORDER_REFERENCE_NAME_NOT_UNIQUE at /name.',
      ),
      403: ORDER_REFERENCE_RIGHTS,
      404: error('CHECKOUT__CUSTOMER_NOT_FOUND_BY_ID: a user or approver is not a customer of the company.'),
    },
  },
  readOrderReference: {
    summary: 'One order reference of the company. Needs ROLE_MANAGE_ORDER_REFERENCES.',
    successDescription: 'The reference.',
    responses: {
      400: VIOLATIONS,
      403: ORDER_REFERENCES,
      404: ORDER_REFERENCE_NOT_FOUND,
    },
  },
  updateOrderReference: {
    summary:
      'Replaces an order reference with the body (absent fields take their defaults); usage already booked stays. ' +
      'Needs ROLE_MANAGE_ORDER_REFERENCES; changing a budget field or the start date also ROLE_MANAGE_BUDGETS ' +
      '(never loosening the budget of a reference one books to), the approvers ROLE_MANAGE_APPROVERS.',
    successDescription: 'The reference after the change.',
    responses: {
      400: error('VIOLATION::… items, or ORDER_REFERENCE_NAME_NOT_UNIQUE at /name.'),
      403: ORDER_REFERENCE_RIGHTS,
      404: error(
        '{PROVIDER}__ORDER_REFERENCE_NOT_FOUND (unknown or of another company), or CHECKOUT__CUSTOMER_NOT_FOUND_BY_ID ' +
          '(a user or approver is not a customer of the company).',
      ),
    },
  },
  deleteOrderReference: {
    summary:
      'Deletes an order reference; carts that had chosen it lose the choice, its pending approval requests are ' +
      'cancelled and their reservations released, orders keep the name they were placed with. Needs ' +
      'ROLE_MANAGE_ORDER_REFERENCES.',
    successDescription: 'Deleted.',
    responses: {
      400: VIOLATIONS,
      403: ORDER_REFERENCES,
      404: ORDER_REFERENCE_NOT_FOUND,
    },
  },
  searchOrderReferences: {
    summary:
      'Up to 20 order references whose name contains the term (case ignored) that the caller may book to now: ' +
      'active, today (Europe/Brussels) within start and end date, the caller one of its users (or it has none); ' +
      'each with what is left of its budget in the current period. Needs ROLE_ADD_ORDER_REFERENCES.',
    successDescription: 'The references, by name.',
    responses: {
      400: VIOLATIONS,
      403: ADD_ORDER_REFERENCES,
    },
  },
  setCartOrderReference: {
    summary:
      "Chooses the order reference for the caller's cart; the order is booked to it and its budget checked at " +
      'checkout. The reference must be one the caller may book to now (see searchOrderReferences). Needs ' +
      'ROLE_ADD_ORDER_REFERENCES. DELETE …/order-reference/cart clears the choice.',
    successDescription: "The cart's reference.",
    responses: {
      400: error(
        'VIOLATION::INVALID_UUID, or {PROVIDER}__ORDER_REFERENCE_NOT_USABLE: inactive, outside its dates, or the ' +
          'caller is not one of its users.',
      ),
      403: ADD_ORDER_REFERENCES,
      404: ORDER_REFERENCE_NOT_FOUND,
    },
  },
  clearCartOrderReference: {
    summary: "Clears the order reference of the caller's cart. Needs ROLE_ADD_ORDER_REFERENCES.",
    successDescription: 'The cart without a reference.',
    responses: {
      403: ADD_ORDER_REFERENCES,
    },
  },
  listArticleLinks: {
    summary:
      "One page of the company's article links (customer article numbers), each with its article's name, page and " +
      "cover in the caller's language. Filter: term (part of the customer number, the supplier article number or " +
      'the name, case ignored); sort customerSku (default), productNumber, name or createdAt; order asc or desc; ' +
      'page size 25 unless limit (at most 100). Needs ROLE_MANAGE_ARTICLE_LINKS.',
    successDescription: 'One page of article links.',
    responses: {
      400: VIOLATIONS,
      403: ARTICLE_LINKS,
    },
  },
  createArticleLink: {
    summary:
      "Links a supplier article (productId: its supplier article number) to the company's own number " +
      '(customerSku). Within the company an article has one number and a number names one article, case ignored. ' +
      'Needs ROLE_MANAGE_ARTICLE_LINKS.',
    successDescription: 'The new link.',
    responses: {
      400: ARTICLE_LINK_RULES,
      403: ARTICLE_LINKS,
    },
  },
  articleLinkInfo: {
    summary:
      'Resolves numbers both ways for the company: customerSkus of the given supplier article numbers (productIds) ' +
      'and productNumbers of the given customer numbers (customerSkus, case ignored); 1 to 500 numbers in all; ' +
      'numbers without a link are left out. Needs ROLE_MANAGE_ARTICLE_LINKS.',
    successDescription: 'The numbers found.',
    responses: {
      400: VIOLATIONS,
      403: ARTICLE_LINKS,
    },
  },
  exportArticleLinks: {
    summary:
      "Every article link of the company as a CSV file (text/csv; charset=utf-8, a byte order mark, ';' between " +
      'fields, CRLF, quoted as RFC 4180 requires, content-disposition attachment): the header productId;customerSku, ' +
      'then one row per link by customer number. Needs ROLE_MANAGE_ARTICLE_LINKS.',
    successDescription: 'The CSV file.',
    responses: {
      403: ARTICLE_LINKS,
    },
  },
  importArticleLinks: {
    summary:
      "Imports a CSV file sent as the body (Content-Type text/csv, UTF-8, a byte order mark accepted, ';' or ',' " +
      'as found in the header, columns productId and customerSku, at most 2 MiB and 20,000 rows) and reports every ' +
      'data row in file order: created, updated (the article had another number), unchanged, or error with code and ' +
      'field. Rows without error are written in one transaction; rows with errors are not written. A row naming an ' +
      'article or customer number of an earlier row of the file is an error (PRODUCT_ID_NOT_UNIQUE, ' +
      "CUSTOMER_SKU_NOT_UNIQUE), as is a number of another of the company's articles unless an earlier row gave " +
      'that article a new number. Needs ROLE_MANAGE_ARTICLE_LINKS.',
    successDescription: 'The report.',
    responses: {
      400: error(
        'VIOLATION::… at /: the body is empty (IS_BLANK_ERROR), not CSV (INVALID_VALUE) or over 20,000 rows ' +
          '(TOO_MANY_ERROR); at /productId or /customerSku: the header lacks the column (IS_BLANK_ERROR).',
      ),
      403: ARTICLE_LINKS,
      413: error('FRAMEWORK__PAYLOAD_TOO_LARGE: the body is over 2 MiB (meta.parameters.maxBytes).'),
    },
  },
  updateArticleLink: {
    summary:
      'Changes the article and the customer number of a link, under the rules of createArticleLink. Needs ' +
      'ROLE_MANAGE_ARTICLE_LINKS.',
    successDescription: 'The link after the change.',
    responses: {
      400: ARTICLE_LINK_RULES,
      403: ARTICLE_LINKS,
      404: ARTICLE_LINK_NOT_FOUND,
    },
  },
  deleteArticleLink: {
    summary: 'Deletes a link; orders keep the customer number they were placed with. Needs ROLE_MANAGE_ARTICLE_LINKS.',
    successDescription: 'Deleted.',
    responses: {
      400: VIOLATIONS,
      403: ARTICLE_LINKS,
      404: ARTICLE_LINK_NOT_FOUND,
    },
  },
  listExternalContacts: {
    summary:
      "The company's external contacts by name, each with whether it is connected to the cost centres (offered at " +
      'checkout). Needs ROLE_MANAGE_COST_CENTER.',
    successDescription: 'The contacts.',
    responses: {
      403: MANAGE_COST_CENTER,
    },
  },
  assignExternalContacts: {
    summary:
      'Connects the given external contacts to the cost centres, or all of the company’s without ids. Needs ' +
      'ROLE_MANAGE_COST_CENTER.',
    successDescription: 'Every contact after the change.',
    responses: {
      400: VIOLATIONS,
      403: MANAGE_COST_CENTER,
      404: EXTERNAL_CONTACT_NOT_FOUND,
    },
  },
  dismissExternalContacts: {
    summary:
      'Disconnects the given external contacts from the cost centres, or all of the company’s without ids. Needs ' +
      'ROLE_MANAGE_COST_CENTER.',
    successDescription: 'Every contact after the change.',
    responses: {
      400: VIOLATIONS,
      403: MANAGE_COST_CENTER,
      404: EXTERNAL_CONTACT_NOT_FOUND,
    },
  },
  readCartExternalContacts: {
    summary: 'The connected external contacts the checkout offers, by name. Needs ROLE_ACCESS_COST_CENTER.',
    successDescription: 'The connected contacts.',
    responses: {
      403: ACCESS_COST_CENTER,
    },
  },
  listCostCenters: {
    summary:
      "The company's active cost centres by identifier, to choose one at checkout. Needs ROLE_ACCESS_COST_CENTER.",
    successDescription: 'The cost centres.',
    responses: {
      403: ACCESS_COST_CENTER,
    },
  },
  setCartCostCenter: {
    summary:
      "Chooses an active cost centre of the company for the caller's cart; the order keeps it. Needs " +
      'ROLE_ACCESS_COST_CENTER. DELETE …/cost-center/cart clears the choice.',
    successDescription: "The cart's cost centre.",
    responses: {
      400: VIOLATIONS,
      403: ACCESS_COST_CENTER,
      404: error('{PROVIDER}__COST_CENTER_NOT_FOUND: unknown, inactive, or of another company.'),
    },
  },
  clearCartCostCenter: {
    summary: "Clears the cost centre of the caller's cart. Needs ROLE_ACCESS_COST_CENTER.",
    successDescription: 'The cart without a cost centre.',
    responses: {
      403: ACCESS_COST_CENTER,
    },
  },
  readVariantCounts: {
    summary: 'Variant counts of parent products: the ids are the distinct parent ids of a result list.',
    successDescription: 'One element per known, active parent id; unknown ids are left out.',
    responses: {
      400: error('More than 500 ids (VIOLATION::TOO_MANY_ERROR on /ids) or malformed criteria.'),
      401: error('Unknown sw-access-key.'),
    },
  },
  listCompanyCustomers: {
    summary:
      "One page of the users of the caller's company, with their rights. Filters: contains on firstName, lastName, " +
      'email, username (also customerExtension.username); equals on leadBuyer (true unless the value is no) and ' +
      'active; range on flow.budget and flow.budgetRemaining. Needs ROLE_MANAGE_CONTACTS.',
    successDescription: 'One page of users.',
    responses: {
      400: error('VIOLATION::… items: field rules, INVALID_FILTER for an unsupported filter, INVALID_SORT.'),
      403: CONTACTS(),
    },
  },
  deleteCompanyCustomers: {
    summary:
      "Deletes users of the caller's company and ends their sessions; never the caller " +
      '(VIOLATION::CANNOT_DELETE_SELF). Any id of another company answers 404 and nothing is deleted. Deleting a ' +
      'lead buyer needs a lead buyer. Needs ROLE_MANAGE_CONTACTS.',
    successDescription: 'Deleted.',
    responses: {
      400: error('VIOLATION::… items: INVALID_UUID for a malformed id, CANNOT_DELETE_SELF, field rules.'),
      403: CONTACTS(', or a lead buyer deleted by a user who is not one'),
      404: NOT_FOUND_USER,
    },
  },
  createCompanyCustomer: {
    summary:
      "Creates a user of the caller's company with rights (only rights the caller holds; leadBuyer only by a lead " +
      'buyer). The user receives a set-password invitation mail (link /auth/password-set?hash=…, valid 7 days). ' +
      'A company sends at most 25 invitations per hour and 100 per day. Needs ROLE_MANAGE_CONTACTS.',
    successDescription: 'The new user with rights.',
    responses: {
      400: error('VIOLATION::… items: field rules, CUSTOMER_USERNAME_NOT_UNIQUE, INVALID_ROLE for an unknown right.'),
      403: CONTACTS(', or granting a right the caller does not hold'),
      429: error(
        '{PROVIDER}__INVITATION_LIMIT_EXCEEDED: the company has sent its invitations of the hour or the day; ' +
          'meta.parameters { seconds, limit, period } (period hour or day). No user is created.',
      ),
    },
  },
  readCompanyCustomer: {
    summary: "One user of the caller's company with rights. Needs ROLE_MANAGE_CONTACTS.",
    successDescription: 'The user.',
    responses: {
      400: error('VIOLATION::INVALID_UUID on /id.'),
      403: CONTACTS(),
      404: NOT_FOUND_USER,
    },
  },
  updateCompanyCustomer: {
    summary:
      'Changes a user; rights replace the list; active false ends the user’s sessions; nobody changes his own ' +
      'rights, lead-buyer flag or active state (403 {PROVIDER}__CANNOT_CHANGE_OWN_RIGHTS, the rule of the rights ' +
      'and role routes; values equal to the current ones are no change); changing one’s own e-mail address needs the current ' +
      '`password` (VIOLATION::IS_BLANK_ERROR on /password when missing, CUSTOMER_PASSWORD_NOT_CORRECT when wrong). ' +
      'Needs ROLE_MANAGE_CONTACTS.',
    successDescription: 'The changed user.',
    responses: {
      400: error(
        'VIOLATION::… items: field rules, INVALID_UUID, CUSTOMER_USERNAME_NOT_UNIQUE, INVALID_ROLE; ' +
          'CUSTOMER_PASSWORD_NOT_CORRECT.',
      ),
      403: CONTACTS(', a right the caller does not hold, or a lead-buyer change by a user who is not one'),
      404: NOT_FOUND_USER,
    },
  },
  createCompanyAddress: {
    summary: "Adds an address to the caller's company. Needs ROLE_MANAGE_ADDRESSES.",
    successDescription: 'The address.',
    responses: {
      400: error('VIOLATION::… items: field rules, ZIP_CODE_INVALID, INVALID_UUID.'),
      403: ADDRESSES,
      404: error('Another company (WERKBANK__COMPANY_NOT_FOUND), indistinguishable from an unknown one.'),
    },
  },
  updateCompanyAddress: {
    summary:
      "Replaces an address of the caller's company; the main address cannot be unflagged " +
      '(VIOLATION::MAIN_ADDRESS_REQUIRED). Needs ROLE_MANAGE_ADDRESSES.',
    successDescription: 'The address.',
    responses: {
      400: error('VIOLATION::… items: field rules, ZIP_CODE_INVALID, INVALID_UUID, MAIN_ADDRESS_REQUIRED.'),
      403: ADDRESSES,
      404: error(
        'Unknown address or another company (CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND, WERKBANK__COMPANY_NOT_FOUND).',
      ),
    },
  },
  deleteCompanyAddress: {
    summary:
      'Deletes an address; not the main address (VIOLATION::MAIN_ADDRESS_CANNOT_BE_DELETED). Needs ROLE_MANAGE_ADDRESSES.',
    successDescription: 'Deleted.',
    responses: {
      400: error('VIOLATION::MAIN_ADDRESS_CANNOT_BE_DELETED or INVALID_UUID.'),
      403: ADDRESSES,
      404: error('Unknown address or another company.'),
    },
  },
  registerCompany: {
    summary:
      'Registers a new company and its first user, a lead buyer with all rights; both wait inactive until the ' +
      'supplier activates them. Sends the "registration received" mail; the answer carries a fresh anonymous ' +
      'sw-context-token. Rate-limited.',
    successDescription: 'Registered, inactive.',
    responses: {
      400: error('INVALID_VAT_NUMBER, VAT_NUMBER_ALREADY_EXISTS, DUPLICATE_USERNAME or VIOLATION::… per field.'),
      429: RATE_LIMITED,
      500: error('UNKNOWN: any other failure.'),
    },
  },
  companyExists: {
    summary:
      'Whether a client number (and, when given, its VAT number) is known; nothing else about the company. Rate-limited.',
    successDescription: 'The answer.',
    responses: {
      400: VIOLATIONS,
      429: RATE_LIMITED,
    },
  },
  registerCompanyCustomer: {
    summary:
      'Registers an extra user of an existing company by client number; the user waits inactive with the buyer ' +
      'rights. Sends the "registration received" mail. Rate-limited.',
    successDescription: 'Registered, inactive.',
    responses: {
      400: error('DUPLICATE_USERNAME or VIOLATION::… per field.'),
      403: error('CLIENT_IS_BLOCKED.'),
      404: error("COMPANY_DOESNT_EXIST: unknown client number, or a VAT number that is not the company's."),
      429: RATE_LIMITED,
      500: error('UNKNOWN: any other failure.'),
    },
  },
  searchCities: {
    summary:
      'Places by postal-code prefix (a full Dutch code finds its 4-digit area) or by name (case and accents ' +
      'ignored) from a built-in list for BE, NL, DE, AT and FR; at most 20.',
    successDescription: 'Matches.',
    responses: {
      400: error('Neither zipcode nor city given, or a field too long.'),
    },
  },
  readPickupLocations: {
    summary: 'The active shops and warehouses where an order can be picked up, by position.',
    successDescription: 'Every active pickup location.',
    responses: {},
  },
  readCacheVersion: {
    summary:
      'The versions of the catalogue and sales-channel snapshots this process serves (each rises with every committed ' +
      'write of its scope); the same values as the x-werkbank-cache-version header of every Store API answer ' +
      '(`catalog=12, channel=3`, an RFC 8941 Dictionary). Storefronts poll it to key their page caches. ' +
      'Answered from memory.',
    successDescription: "The process's current versions.",
    responses: { 401: error('Unknown sw-access-key.') },
  },
  readArticleInformation: {
    summary: 'Prices, stock and delivery times for a logged-in customer. Answers Cache-Control: private, no-store.',
    successDescription: 'One record per known article, in request order.',
    responses: {
      400: error('VIOLATION::… (empty list, more than 100 articles, bad quantity).'),
      403: error(NOT_LOGGED_IN),
    },
  },
  readCustomerRights: {
    summary:
      "The 24 rights of a customer, each { code, enabled }. Anyone reads their own; another user's needs ROLE_MANAGE_CONTACTS.",
    successDescription: 'All 24 rights in order.',
    responses: {
      400: error('VIOLATION::INVALID_UUID on /id.'),
      403: CONTACTS(),
      404: NOT_FOUND_USER,
    },
  },
  saveCustomerRights: {
    summary:
      "Saves rights of another user of the caller's company (ROLE_MANAGE_CONTACTS). Nobody changes their own rights " +
      'or grants a right they do not hold; audit-logged.',
    successDescription: 'The rights as saved.',
    responses: {
      400: error('VIOLATION::INVALID_ROLE for an unknown code, VIOLATION::INVALID_UUID for a malformed id.'),
      403: CONTACTS(', own rights ({PROVIDER}__CANNOT_CHANGE_OWN_RIGHTS), or a right the caller does not hold'),
      404: NOT_FOUND_USER,
    },
  },
  readCustomerRole: {
    summary: "The role of a customer. Anyone reads their own; another user's needs ROLE_MANAGE_CONTACTS.",
    successDescription: 'The role.',
    responses: {
      400: error('VIOLATION::INVALID_UUID on /id.'),
      403: CONTACTS(),
      404: NOT_FOUND_USER,
    },
  },
  saveCustomerRole: {
    summary:
      "Sets the role and resets the rights to the role's defaults (ROLE_MANAGE_CONTACTS; account_manager cannot be " +
      'given through the API); audit-logged.',
    successDescription: 'The role as saved.',
    responses: {
      400: error('VIOLATION::INVALID_ROLE, VIOLATION::INVALID_UUID.'),
      403: CONTACTS(', own role, or a default right the caller does not hold'),
      404: NOT_FOUND_USER,
    },
  },
  loginAsCustomer: {
    summary:
      'Account managers open a session as a customer of a company they look after (by id or username); the new ' +
      'token comes in the body and the sw-context-token header; audit-logged.',
    successDescription: 'The new context token.',
    responses: {
      400: error('VIOLATION::INVALID_UUID or a missing target.'),
      403: error(
        'Not logged in (CHECKOUT__CUSTOMER_NOT_LOGGED_IN), or not an account manager ({PROVIDER}__MISSING_ROLE).',
      ),
      404: error('Unknown, inactive or not looked-after customer.'),
    },
  },
  readDevOutbox: {
    summary:
      'Development aid, only with WERKBANK_DEV_OUTBOX=1: the latest 50 mails kept because no SMTP server is configured.',
    successDescription: 'Kept mail, newest first.',
    responses: {
      404: error('Not switched on.'),
    },
  },
  devActivateRegistration: {
    summary:
      'Development aid, only with WERKBANK_DEV_OUTBOX=1: activates a waiting registration by client number or ' +
      'username, as npm run account:activate does.',
    successDescription: 'What was activated.',
    responses: {
      404: error('Not switched on, or nothing matches the key ({PROVIDER}__NOTHING_TO_ACTIVATE).'),
    },
  },
  devAdvanceErp: {
    summary:
      'Development aid, only with WERKBANK_DEV_OUTBOX=1 and the simulated ERP: advances the simulation as if hours ' +
      '(1 to 8760) had passed from now, so orders move on through their statuses and offer requests are answered.',
    successDescription: 'The instant the simulation stands at.',
    responses: {
      400: VIOLATIONS,
      404: error('Not switched on, or the ERP is not the simulated one (FRAMEWORK__ROUTE_NOT_FOUND).'),
    },
  },
  ociCallUp: {
    summary:
      'An OCI call-up (SAP OCI 4.0/5.0) as the storefront received it on /punchout/oci: checks USERNAME and ' +
      'PASSWORD of a technical user and HOOK_URL against its allowed origins, opens a punch-out session and answers ' +
      'a one-time code for /oci?otp=…. FUNCTION=VALIDATE and BACKGROUND_SEARCH go to ociFunctionPage.',
    successDescription: 'The one-time code.',
    responses: {
      400: error('HOOK_URL missing or malformed ({OCI}__HOOK_URL_MISSING), or a field beyond its bound.'),
      401: error('Unknown user or wrong password ({OCI}__INVALID_CREDENTIALS; the two are indistinguishable).'),
      403: error('HOOK_URL is not an allowed origin of the configuration ({OCI}__HOOK_URL_NOT_ALLOWED).'),
      404: error('FUNCTION=DETAIL with an unknown PRODUCTID ({OCI}__PRODUCT_NOT_FOUND).'),
      429: error('Too many call-ups for the user or the address ({OCI}__TOO_MANY_REQUESTS).'),
    },
  },
  ociFunctionPage: {
    summary:
      'OCI FUNCTION=VALIDATE (one item at the price for QUANTITY, auto-submitted to HOOK_URL; no form for an ' +
      'unknown product) and FUNCTION=BACKGROUND_SEARCH (all hits up to 50 as NEW_ITEM fields, not submitted): the ' +
      'page itself, in the charset of http_content_charset, with its Content-Security-Policy.',
    successDescription: 'The page for the procurement system.',
    responses: {
      400: error('HOOK_URL missing or malformed, FUNCTION is neither VALIDATE nor BACKGROUND_SEARCH.'),
      401: error('Unknown user or wrong password ({OCI}__INVALID_CREDENTIALS).'),
      403: error('HOOK_URL is not an allowed origin ({OCI}__HOOK_URL_NOT_ALLOWED).'),
      429: error('Too many call-ups ({OCI}__TOO_MANY_REQUESTS).'),
    },
  },
  ociExchangeOtp: {
    summary:
      'Exchanges the one-time code of a call-up (single use, 2 minutes) for the punch-out session: a new context ' +
      'token (body and sw-context-token) and where the storefront lands (home, DETAIL product, SOURCING search).',
    successDescription: 'The session.',
    responses: {
      404: error('Unknown, used or expired code (indistinguishable; {OCI}__OTP_NOT_FOUND).'),
    },
  },
  ociLogout: {
    summary: 'Ends the OCI punch-out session of the context without transferring the cart.',
    successDescription: 'Ended.',
    responses: {
      403: error(NOT_LOGGED_IN),
    },
  },
  cxmlSetupRequest: {
    summary:
      'A cXML PunchOutSetupRequest (server to server, text/xml, at most 1 MiB; DTD and entities never resolved): ' +
      'authenticated by the Sender shared secret and the From identity, answered with a PunchOutSetupResponse ' +
      'whose StartPage is a single-use URL of the storefront, or a cXML Status (400, 401, 406, 412, 450). ' +
      '`storefrontUrl` names the site the request arrived on (the StartPage lies below it).',
    successDescription: 'A cXML document: PunchOutSetupResponse or Status.',
    responses: {
      413: { description: 'Body over 1 MiB: a cXML Status 406 document.', file: 'text/xml' },
    },
  },
  cxmlOrderRequest: {
    summary:
      'A cXML OrderRequest (server to server), accepted when the configuration allows orders: becomes an order ' +
      'of the configured user, re-priced from the shop, idempotent on payloadID; answered with a cXML Status. ' +
      '`storefrontUrl` names the site the request arrived on.',
    successDescription: 'A cXML Response with Status.',
    responses: {
      413: { description: 'Body over 1 MiB: a cXML Status 406 document.', file: 'text/xml' },
    },
  },
  cxmlStart: {
    summary:
      'Opens the punch-out session of a StartPage URL (single use, 5 minutes): a new context token and where the ' +
      "storefront lands; an edit session finds the cart re-created from the request's ItemOut lines.",
    successDescription: 'The session.',
    responses: {
      404: error('Unknown, used or expired start page (indistinguishable; {CXML}__START_NOT_FOUND).'),
    },
  },
  cxmlInspect: {
    summary: 'Opens a read-only punch-out session of an inspect StartPage URL (single use, 5 minutes).',
    successDescription: 'The session.',
    responses: {
      404: error('Unknown, used or expired start page, or not an inspect session ({CXML}__START_NOT_FOUND).'),
    },
  },
  cxmlLogout: {
    summary: 'Ends the cXML punch-out session of the context without transferring the cart.',
    successDescription: 'Ended.',
    responses: {
      403: error(NOT_LOGGED_IN),
    },
  },
  validateCxmlDocument: {
    summary:
      'Procurement simulator aid, only with PUNCHOUT_TEST_PAGE=1: validates a cXML document (text/xml, at most ' +
      '1 MiB) against the local DTD of the version its DOCTYPE names (cXML.dtd 1.2.071 and older; DTD and ' +
      'entities never fetched), e.g. a PunchOutOrderMessage the simulator received.',
    successDescription: 'Valid or not, with every finding.',
    responses: {
      404: error('Not switched on (FRAMEWORK__ROUTE_NOT_FOUND).'),
      413: error('Body over 1 MiB (FRAMEWORK__PAYLOAD_TOO_LARGE).'),
    },
  },
  readPunchOutSession: {
    summary: 'The punch-out session of the context: protocol, system name, operation, read-only, test mode.',
    successDescription: 'The session.',
    responses: {
      403: error(NOT_LOGGED_IN),
      404: error('The context is not a punch-out session ({PROVIDER}__NOT_A_PUNCHOUT_SESSION).'),
    },
  },
  punchOutTransfer: {
    summary:
      'Transfers the cart of the punch-out session: the auto-submitting page that posts the OCI NEW_ITEM fields ' +
      'to HOOK_URL or the PunchOutOrderMessage to BrowserFormPost (in the charset and with the ' +
      'Content-Security-Policy it needs), then ends the session.',
    successDescription: 'The transfer page.',
    responses: {
      400: error('The cart has errors that block the transfer, or more lines than the procurement system takes.'),
      403: error(NOT_LOGGED_IN),
      404: error('The context is not a punch-out session ({PROVIDER}__NOT_A_PUNCHOUT_SESSION).'),
    },
  },
  punchOutCancel: {
    summary:
      'Cancels the punch-out session: an empty cart to HOOK_URL (or the configured cancel URL) or an empty ' +
      'PunchOutOrderMessage to BrowserFormPost, then ends the session.',
    successDescription: 'The page returning to the procurement system.',
    responses: {
      403: error(NOT_LOGGED_IN),
      404: error('The context is not a punch-out session ({PROVIDER}__NOT_A_PUNCHOUT_SESSION).'),
    },
  },
};

/**
 * The documentation of an entry of the wide shape (ProviderEndpoint).
 *
 * @throws Error when the operationId has no documentation (an entry outside the table).
 */
export function providerEndpointDoc(endpoint: Pick<ProviderEndpoint, 'operationId'>): ProviderEndpointDoc {
  const doc = (PROVIDER_ENDPOINT_DOCS as Partial<Record<string, ProviderEndpointDoc>>)[endpoint.operationId];
  if (!doc) throw new Error(`${endpoint.operationId} has no documentation in endpoint-docs.ts.`);
  return doc;
}

/**
 * Every answer of an endpoint by status, with its meaning: the entry's success answer (status, schema or file) with
 * the documented success description, and the documented other answers. Keys are ascending as for any object with
 * integer keys.
 *
 * @throws Error when the entry has no success answer or no documentation.
 */
export function providerEndpointResponses(endpoint: ProviderEndpoint): Record<number, ProviderResponseDoc> {
  const doc = providerEndpointDoc(endpoint);
  const { status, response } = providerSuccess(endpoint);
  return { ...doc.responses, [status]: { description: doc.successDescription, ...response } };
}
