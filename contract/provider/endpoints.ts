/**
 * Every provider endpoint (`/store-api/{provider}/…`) with its request and response schemas: the list the OpenAPI
 * document docs/openapi/provider.json is generated from (scripts/provider-openapi.ts) and the contract test walks.
 * Paths are relative to `/store-api/{provider}`. Every call needs the `sw-access-key` header; calls marked
 * `customer` also a logged-in `sw-context-token` (else 403 `CHECKOUT__CUSTOMER_NOT_LOGGED_IN`). Errors answer
 * Shopware's envelope (contract/errors.ts).
 */
import type { GenericSchema } from 'valibot';
import { StoreApiErrorEnvelopeSchema } from '../errors.ts';
import {
  CompanyAddressPathSchema,
  CompanyAddressRequestSchema,
  CompanyAddressSchema,
  CompanyPathSchema,
} from './addresses.ts';
import {
  ArticleInformationRequestSchema,
  ArticleInformationResponseSchema,
  ArticleInformationSchema,
} from './article-information.ts';
import {
  CompanyCustomerCreateRequestSchema,
  CompanyCustomerDeleteRequestSchema,
  CompanyCustomerListRequestSchema,
  CompanyCustomerListResponseSchema,
  CompanyCustomerPatchRequestSchema,
  CompanyCustomerPathSchema,
  CompanyCustomerSchema,
} from './company-users.ts';
import {
  ApprovalActionsRequestSchema,
  ApprovalActionsResponseSchema,
  ApprovalApproveRequestSchema,
  ApprovalDecisionSchema,
  ApprovalListRequestSchema,
  ApprovalListResponseSchema,
  ApprovalPathSchema,
  ApprovalSchema,
} from './approvals.ts';
import {
  CostCenterCartResponseSchema,
  CostCenterListResponseSchema,
  CostCenterPathSchema,
  CostCenterSchema,
  ExternalContactIdsRequestSchema,
  ExternalContactListResponseSchema,
  ExternalContactSchema,
} from './cost-center.ts';
import {
  OrderFlowAssignRequestSchema,
  OrderFlowListRequestSchema,
  OrderFlowListResponseSchema,
  OrderFlowPathSchema,
  OrderFlowPendingResponseSchema,
  OrderFlowPendingSchema,
  OrderFlowRequestSchema,
  OrderFlowSchema,
} from './order-flow.ts';
import {
  OrderReferenceCartResponseSchema,
  OrderReferenceListRequestSchema,
  OrderReferenceListResponseSchema,
  OrderReferenceOptionSchema,
  OrderReferencePathSchema,
  OrderReferenceRequestSchema,
  OrderReferenceSchema,
  OrderReferenceSearchPathSchema,
  OrderReferenceSearchResponseSchema,
} from './order-reference.ts';
import {
  OrderListCreateRequestSchema,
  OrderListDetailSchema,
  OrderListItemsDeleteRequestSchema,
  OrderListItemsRequestSchema,
  OrderListListResponseSchema,
  OrderListPatchRequestSchema,
  OrderListPathSchema,
  OrderListQuerySchema,
  OrderListSummarySchema,
} from './order-list.ts';
import {
  ArticleLinkImportResponseSchema,
  ArticleLinkInfoRequestSchema,
  ArticleLinkInfoResponseSchema,
  ArticleLinkListResponseSchema,
  ArticleLinkPathSchema,
  ArticleLinkQuerySchema,
  ArticleLinkRequestSchema,
  ArticleLinkSchema,
} from './article-link.ts';
import { PickupLocationListResponseSchema, PickupLocationSchema } from './pickup-location.ts';
import {
  DevActivateRequestSchema,
  DevActivateResponseSchema,
  DevErpAdvanceRequestSchema,
  DevErpAdvanceResponseSchema,
  DevOutboxResponseSchema,
} from './development.ts';
import {
  ErpOrderDetailQuerySchema,
  ErpOrderDetailSchema,
  ErpOrderHistoryQuerySchema,
  ErpOrderHistoryResponseSchema,
  InvoiceDocumentPathSchema,
  InvoiceHistoryQuerySchema,
  InvoiceHistoryResponseSchema,
  OfferDetailSchema,
  OfferHistoryQuerySchema,
  OfferHistoryResponseSchema,
  OfferNumberSchema,
  OfferRequestSchema,
  OfferToCartResponseSchema,
} from './erp.ts';
import { LoginAsCustomerRequestSchema, LoginAsCustomerResponseSchema } from './login-as.ts';
import {
  CxmlRequestQuerySchema,
  CxmlStartPathSchema,
  CxmlValidationResultSchema,
  OciCallUpRequestSchema,
  OciCallUpResponseSchema,
  OciOtpPathSchema,
  PunchOutSessionSchema,
  PunchOutSessionStartSchema,
} from './punchout.ts';
import {
  OrderHistoryDetailQuerySchema,
  OrderHistoryDetailSchema,
  OrderHistoryQuerySchema,
  OrderHistoryResponseSchema,
} from './order-history.ts';
import {
  CitySchema,
  CitySearchQuerySchema,
  CitySearchResponseSchema,
  CompanyExistsQuerySchema,
  CompanyExistsResponseSchema,
  CompanyRegistrationRequestSchema,
  CompanyRegistrationResponseSchema,
  CustomerRegistrationRequestSchema,
  CustomerRegistrationResponseSchema,
} from './registration.ts';
import {
  AccountPathSchema,
  RightsResponseSchema,
  RightsSaveRequestSchema,
  RoleResponseSchema,
  RoleSaveRequestSchema,
} from './rights.ts';
import { RightSchema } from '../rights.ts';
import { VariantCountRequestSchema, VariantCountResponseSchema, VariantCountSchema } from './variants.ts';

/** The named schemas of the provider API: the `components.schemas` of the OpenAPI document. */
export const PROVIDER_SCHEMAS = {
  Error: StoreApiErrorEnvelopeSchema,
  Right: RightSchema,
  CompanyCustomer: CompanyCustomerSchema,
  CompanyCustomerListRequest: CompanyCustomerListRequestSchema,
  CompanyCustomerListResponse: CompanyCustomerListResponseSchema,
  CompanyCustomerCreateRequest: CompanyCustomerCreateRequestSchema,
  CompanyCustomerPatchRequest: CompanyCustomerPatchRequestSchema,
  CompanyCustomerDeleteRequest: CompanyCustomerDeleteRequestSchema,
  CompanyAddress: CompanyAddressSchema,
  CompanyAddressRequest: CompanyAddressRequestSchema,
  CompanyRegistrationRequest: CompanyRegistrationRequestSchema,
  CompanyRegistrationResponse: CompanyRegistrationResponseSchema,
  CustomerRegistrationRequest: CustomerRegistrationRequestSchema,
  CustomerRegistrationResponse: CustomerRegistrationResponseSchema,
  CompanyExistsResponse: CompanyExistsResponseSchema,
  City: CitySchema,
  CitySearchResponse: CitySearchResponseSchema,
  ArticleInformation: ArticleInformationSchema,
  ArticleInformationRequest: ArticleInformationRequestSchema,
  ArticleInformationResponse: ArticleInformationResponseSchema,
  RightsResponse: RightsResponseSchema,
  RightsSaveRequest: RightsSaveRequestSchema,
  RoleResponse: RoleResponseSchema,
  RoleSaveRequest: RoleSaveRequestSchema,
  LoginAsCustomerRequest: LoginAsCustomerRequestSchema,
  OciCallUpRequest: OciCallUpRequestSchema,
  OciCallUpResponse: OciCallUpResponseSchema,
  PunchOutSession: PunchOutSessionSchema,
  PunchOutSessionStart: PunchOutSessionStartSchema,
  CxmlValidationResult: CxmlValidationResultSchema,
  LoginAsCustomerResponse: LoginAsCustomerResponseSchema,
  VariantCount: VariantCountSchema,
  VariantCountRequest: VariantCountRequestSchema,
  VariantCountResponse: VariantCountResponseSchema,
  PickupLocation: PickupLocationSchema,
  PickupLocationListResponse: PickupLocationListResponseSchema,
  OrderHistoryResponse: OrderHistoryResponseSchema,
  OrderHistoryDetail: OrderHistoryDetailSchema,
  Approval: ApprovalSchema,
  ApprovalListRequest: ApprovalListRequestSchema,
  ApprovalListResponse: ApprovalListResponseSchema,
  ApprovalApproveRequest: ApprovalApproveRequestSchema,
  ApprovalDecision: ApprovalDecisionSchema,
  ApprovalActionsRequest: ApprovalActionsRequestSchema,
  ApprovalActionsResponse: ApprovalActionsResponseSchema,
  OrderFlow: OrderFlowSchema,
  OrderFlowRequest: OrderFlowRequestSchema,
  OrderFlowListRequest: OrderFlowListRequestSchema,
  OrderFlowListResponse: OrderFlowListResponseSchema,
  OrderFlowAssignRequest: OrderFlowAssignRequestSchema,
  OrderFlowPending: OrderFlowPendingSchema,
  OrderFlowPendingResponse: OrderFlowPendingResponseSchema,
  OrderReference: OrderReferenceSchema,
  OrderReferenceRequest: OrderReferenceRequestSchema,
  OrderReferenceListRequest: OrderReferenceListRequestSchema,
  OrderReferenceListResponse: OrderReferenceListResponseSchema,
  OrderReferenceOption: OrderReferenceOptionSchema,
  OrderReferenceSearchResponse: OrderReferenceSearchResponseSchema,
  OrderReferenceCartResponse: OrderReferenceCartResponseSchema,
  ArticleLink: ArticleLinkSchema,
  ArticleLinkRequest: ArticleLinkRequestSchema,
  ArticleLinkListResponse: ArticleLinkListResponseSchema,
  ArticleLinkInfoRequest: ArticleLinkInfoRequestSchema,
  ArticleLinkInfoResponse: ArticleLinkInfoResponseSchema,
  ArticleLinkImportResponse: ArticleLinkImportResponseSchema,
  ExternalContact: ExternalContactSchema,
  ExternalContactListResponse: ExternalContactListResponseSchema,
  ExternalContactIdsRequest: ExternalContactIdsRequestSchema,
  CostCenter: CostCenterSchema,
  CostCenterListResponse: CostCenterListResponseSchema,
  CostCenterCartResponse: CostCenterCartResponseSchema,
  DevOutboxResponse: DevOutboxResponseSchema,
  DevActivateRequest: DevActivateRequestSchema,
  DevActivateResponse: DevActivateResponseSchema,
  DevErpAdvanceRequest: DevErpAdvanceRequestSchema,
  DevErpAdvanceResponse: DevErpAdvanceResponseSchema,
  ErpOrderHistoryResponse: ErpOrderHistoryResponseSchema,
  ErpOrderDetail: ErpOrderDetailSchema,
  InvoiceHistoryResponse: InvoiceHistoryResponseSchema,
  OfferRequest: OfferRequestSchema,
  OfferNumberRequest: OfferNumberSchema,
  OfferHistoryResponse: OfferHistoryResponseSchema,
  OfferDetail: OfferDetailSchema,
  OfferToCartResponse: OfferToCartResponseSchema,
  OrderListSummary: OrderListSummarySchema,
  OrderListDetail: OrderListDetailSchema,
  OrderListListResponse: OrderListListResponseSchema,
  OrderListCreateRequest: OrderListCreateRequestSchema,
  OrderListPatchRequest: OrderListPatchRequestSchema,
  OrderListItemsRequest: OrderListItemsRequestSchema,
  OrderListItemsDeleteRequest: OrderListItemsDeleteRequestSchema,
} as const satisfies Record<string, GenericSchema>;

export type ProviderSchemaName = keyof typeof PROVIDER_SCHEMAS;

/**
 * One answer of an endpoint: its meaning and, unless it has no body (204), the schema of its JSON body or, for a file,
 * its media type (`application/pdf`; `text/csv`, UTF-8).
 */
export interface ProviderResponse {
  description: string;
  schema?: ProviderSchemaName;
  file?: 'application/pdf' | 'text/csv' | 'text/html' | 'text/xml';
}

/** One provider endpoint. */
export interface ProviderEndpoint {
  operationId: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /**
   * Path below `/store-api/{provider}`, with `{name}` parameters; below `/store-api/{oci-entry}` or
   * `/store-api/{cxml-entry}` when `segment` names a punch-out entry (contract/provider/punchout.ts).
   */
  path: string;
  /** The path segment the path is below: the provider's (default) or a punch-out entry's. */
  segment?: 'oci' | 'cxml';
  /** The body is a document of this media type (a cXML request), read by the handler itself, not JSON. */
  rawBody?: 'text/xml';
  summary: string;
  /** `customer`: needs a logged-in context token beside the access key. */
  auth: 'access-key' | 'customer';
  /** Schema of the path parameters (an object schema). */
  params?: GenericSchema;
  /** Schema of the query parameters (an object schema, possibly piped). */
  query?: GenericSchema;
  /** Named schema of the JSON body; `bodyRequired` false when an empty body means the defaults. */
  body?: ProviderSchemaName;
  bodyRequired?: boolean;
  responses: Record<number, ProviderResponse>;
}

const error = (description: string): ProviderResponse => ({ description, schema: 'Error' });

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

/** The table with its literal types (operation ids, paths, schema names): contract/provider/operations.ts reads it. */
export const PROVIDER_ENDPOINT_TABLE = [
  {
    operationId: 'readOrderHistory',
    method: 'get',
    path: '/sw/order/history',
    summary:
      "One page of the caller's orders, newest first; with ROLE_MANAGE_COMPANY_ORDER_HISTORY the whole company's. " +
      'Filters: orderNumber, productNumber (an article of a line), orderReference (part, case ignored), dateFrom and ' +
      `dateTo (days in Europe/Brussels, both included), state. Needs ROLE_MANAGE_ORDER_HISTORY. ${WITHOUT_PRICES}`,
    auth: 'customer',
    query: OrderHistoryQuerySchema,
    responses: {
      200: { description: 'One page of orders.', schema: 'OrderHistoryResponse' },
      400: VIOLATIONS,
      403: error(
        `${NOT_LOGGED_IN.slice(0, -1)}, or ROLE_MANAGE_ORDER_HISTORY missing ({PROVIDER}__MISSING_RIGHT, meta.parameters.right).`,
      ),
    },
  },
  {
    operationId: 'readOrderHistoryDetail',
    method: 'get',
    path: '/sw/order/history/detail',
    summary:
      'One order by orderNumber or id, with its lines (backorder, remark), addresses, shipping, surcharge, discount ' +
      'and totals. Needs ROLE_MANAGE_ORDER_HISTORY; a colleague’s order also ROLE_MANAGE_COMPANY_ORDER_HISTORY. ' +
      WITHOUT_PRICES,
    auth: 'customer',
    query: OrderHistoryDetailQuerySchema,
    responses: {
      200: { description: 'The order.', schema: 'OrderHistoryDetail' },
      400: error('Neither orderNumber nor id (VIOLATION::IS_BLANK_ERROR on /orderNumber), or a malformed id.'),
      403: error(
        `${NOT_LOGGED_IN.slice(0, -1)}, or ROLE_MANAGE_ORDER_HISTORY missing ({PROVIDER}__MISSING_RIGHT, meta.parameters.right).`,
      ),
      404: error(
        '{PROVIDER}__ORDER_NOT_FOUND: unknown, of another company, or a colleague’s without the company right.',
      ),
    },
  },
  {
    operationId: 'readErpOrderHistory',
    method: 'get',
    path: '/order/history',
    summary:
      "One page of the orders the supplier's ERP holds, of every channel (shop, phone, e-mail, EDI, counter), newest " +
      `first. ${ERP_SCOPE} Filters: orderNumber (exact), status (one status or not_open), ${ERP_FILTERS}. Needs ` +
      `ROLE_MANAGE_ORDER_HISTORY. ${WITHOUT_PRICES}`,
    auth: 'customer',
    query: ErpOrderHistoryQuerySchema,
    responses: {
      200: { description: 'One page of orders.', schema: 'ErpOrderHistoryResponse' },
      400: VIOLATIONS,
      403: ORDER_HISTORY,
    },
  },
  {
    operationId: 'readErpOrderDetail',
    method: 'get',
    path: '/order/history/detail',
    summary:
      'One order of the ERP by orderNumber (with firm and warehouse when the list named them): lines with what was ' +
      `delivered and invoiced, deliveries with delivery note and tracking number, invoices, addresses and totals. ${ERP_SCOPE} ` +
      `Needs ROLE_MANAGE_ORDER_HISTORY. ${WITHOUT_PRICES}`,
    auth: 'customer',
    query: ErpOrderDetailQuerySchema,
    responses: {
      200: { description: 'The order.', schema: 'ErpOrderDetail' },
      400: VIOLATIONS,
      403: ORDER_HISTORY,
      404: error(
        '{PROVIDER}__ORDER_NOT_FOUND: unknown, of another company, or a colleague’s without the company right.',
      ),
    },
  },
  {
    operationId: 'readInvoiceHistory',
    method: 'get',
    path: '/invoice/history',
    summary:
      "One page of the company's invoices, newest first, with the links of their PDFs. Filters: invoiceNumber and " +
      `orderNumber (exact), ${ERP_FILTERS}. Needs ROLE_MANAGE_INVOICE_HISTORY. ${WITHOUT_PRICES}`,
    auth: 'customer',
    query: InvoiceHistoryQuerySchema,
    responses: {
      200: { description: 'One page of invoices.', schema: 'InvoiceHistoryResponse' },
      400: VIOLATIONS,
      403: INVOICE_HISTORY,
    },
  },
  {
    operationId: 'readInvoiceDocument',
    method: 'get',
    path: '/invoice/{invoiceNumber}/document',
    summary:
      `The invoice as a PDF in the caller's language. ${PDF_HEADERS} Needs ROLE_MANAGE_INVOICE_HISTORY and ` +
      'ROLE_VIEW_PRICES.',
    auth: 'customer',
    params: InvoiceDocumentPathSchema,
    responses: {
      200: { description: 'The invoice PDF.', file: 'application/pdf' },
      403: PRICED_DOCUMENT('ROLE_MANAGE_INVOICE_HISTORY'),
      404: INVOICE_NOT_FOUND,
    },
  },
  {
    operationId: 'readInvoiceProofOfDelivery',
    method: 'get',
    path: '/invoice/{invoiceNumber}/proof-of-delivery',
    summary:
      'The proof of delivery of an invoiced delivery as a PDF: delivery note, tracking number, who signed; no prices. ' +
      `${PDF_HEADERS} Needs ROLE_MANAGE_INVOICE_HISTORY.`,
    auth: 'customer',
    params: InvoiceDocumentPathSchema,
    responses: {
      200: { description: 'The proof of delivery PDF.', file: 'application/pdf' },
      403: INVOICE_HISTORY,
      404: error(
        '{PROVIDER}__INVOICE_NOT_FOUND (meta.parameters.invoice): unknown, of another company, or without a delivery.',
      ),
    },
  },
  {
    operationId: 'requestOffer',
    method: 'post',
    path: '/offer/request',
    summary:
      "Asks the supplier for an offer on the caller's cart: its article lines at their quantities, with an optional " +
      'comment and client reference. The cart stays as it is. With orderListId the lines are the available items of ' +
      'that order list instead (needs ROLE_MANAGE_ORDER_LISTS as well). Answers the new offer (open, no prices yet). ' +
      'Needs ROLE_REQUEST_OFFER.',
    auth: 'customer',
    body: 'OfferRequest',
    bodyRequired: false,
    responses: {
      200: { description: 'The offer request, open.', schema: 'OfferDetail' },
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
  {
    operationId: 'readOfferHistory',
    method: 'get',
    path: '/offer/history',
    summary:
      `One page of offers, newest first. ${ERP_SCOPE} Filters: offerNumber (exact), status (open or processed), ` +
      `${ERP_FILTERS}. Needs ROLE_MANAGE_OFFER_HISTORY. ${WITHOUT_PRICES}`,
    auth: 'customer',
    query: OfferHistoryQuerySchema,
    responses: {
      200: { description: 'One page of offers.', schema: 'OfferHistoryResponse' },
      400: VIOLATIONS,
      403: OFFER_HISTORY,
    },
  },
  {
    operationId: 'readOfferDetail',
    method: 'get',
    path: '/offer/history/detail',
    summary:
      `One offer by offerNumber with its lines; prices once processed. ${ERP_SCOPE} Needs ` +
      `ROLE_MANAGE_OFFER_HISTORY. ${WITHOUT_PRICES}`,
    auth: 'customer',
    query: OfferNumberSchema,
    responses: {
      200: { description: 'The offer.', schema: 'OfferDetail' },
      400: VIOLATIONS,
      403: OFFER_HISTORY,
      404: OFFER_NOT_FOUND,
    },
  },
  {
    operationId: 'readOfferDocument',
    method: 'get',
    path: '/offer/{offerNumber}/document',
    summary:
      `The PDF of a processed offer in the caller's language. ${PDF_HEADERS} ${ERP_SCOPE} Needs ` +
      'ROLE_MANAGE_OFFER_HISTORY and ROLE_VIEW_PRICES.',
    auth: 'customer',
    params: OfferNumberSchema,
    responses: {
      200: { description: 'The offer PDF.', file: 'application/pdf' },
      403: PRICED_DOCUMENT('ROLE_MANAGE_OFFER_HISTORY'),
      404: error(
        '{PROVIDER}__OFFER_NOT_FOUND (meta.parameters.offer): unknown, out of scope, or still open (no PDF yet).',
      ),
    },
  },
  {
    operationId: 'offerToCart',
    method: 'post',
    path: '/offer/cart',
    summary:
      "Puts the lines of a processed, valid offer in the caller's cart as product lines carrying the offer " +
      '(payload.offer): they are priced at the offered unit price for the offered quantity while the offer is valid ' +
      '(its last day included); afterwards, or at another quantity, the cart error {provider}-offer-expired or ' +
      '{provider}-offer-quantity-changed blocks the order. Putting the offer in again resets its lines. Needs ' +
      'ROLE_MANAGE_OFFER_HISTORY.',
    auth: 'customer',
    body: 'OfferNumberRequest',
    responses: {
      200: { description: 'How many lines went into the cart.', schema: 'OfferToCartResponse' },
      400: error(
        '{PROVIDER}__OFFER_NOT_PROCESSED (not answered yet), {PROVIDER}__OFFER_EXPIRED (past its last valid day), ' +
          'CHECKOUT__CART_LINE_ITEM_LIMIT_REACHED, or VIOLATION::IS_BLANK_ERROR on offerNumber.',
      ),
      403: OFFER_HISTORY,
      404: OFFER_NOT_FOUND,
    },
  },
  {
    operationId: 'listOrderFlows',
    method: 'post',
    path: '/order-flow/list',
    summary:
      "One page of the company's order flows by name. Filter: term (part of the name, case ignored). Page size 20. " +
      'Needs ROLE_MANAGE_ORDER_FLOWS.',
    auth: 'customer',
    body: 'OrderFlowListRequest',
    bodyRequired: false,
    responses: {
      200: { description: 'One page of order flows.', schema: 'OrderFlowListResponse' },
      400: VIOLATIONS,
      403: ORDER_FLOWS,
    },
  },
  {
    operationId: 'readPendingOrderFlowApprovals',
    method: 'get',
    path: '/order-flow/pending',
    summary:
      'How many approval requests of the flows the caller approves wait for a decision (their own requests left ' +
      `out), and the newest 20. Needs ROLE_APPROVE_ORDER_FLOWS. ${WITHOUT_PRICES}`,
    auth: 'customer',
    responses: {
      200: { description: 'The pending requests.', schema: 'OrderFlowPendingResponse' },
      403: needsRight('ROLE_APPROVE_ORDER_FLOWS'),
    },
  },
  {
    operationId: 'createOrderFlow',
    method: 'post',
    path: '/order-flow',
    summary:
      'Creates an order flow: a budget per user and period in EUR, the approval threshold approveFrom (net order ' +
      'total in EUR, inclusive) and approveFromPeriod (net orders per period), approvers and users of the company ' +
      '(each user leaves their former flow). Needs ROLE_MANAGE_ORDER_FLOWS; with a budget field, or a user taken ' +
      'out of another flow, also ROLE_MANAGE_BUDGETS; with approvers ROLE_MANAGE_APPROVERS.',
    auth: 'customer',
    body: 'OrderFlowRequest',
    responses: {
      200: { description: 'The new flow.', schema: 'OrderFlow' },
      400: error(
        'VIOLATION::… items (name, amounts, period; a custom period or a budget that is not renewable needs an end ' +
          'date not before the start).',
      ),
      403: ORDER_FLOW_RIGHTS,
      404: error('CHECKOUT__CUSTOMER_NOT_FOUND_BY_ID (meta.parameters.id): a user or approver is not of the company.'),
    },
  },
  {
    operationId: 'assignOrderFlow',
    method: 'post',
    path: '/order-flow/assign',
    summary:
      'Puts users of the company into a flow; each leaves their former flow. Needs a flow and at least one user, ' +
      'and ROLE_MANAGE_ORDER_FLOWS; taking a user out of another flow also ROLE_MANAGE_BUDGETS, never for oneself.',
    auth: 'customer',
    body: 'OrderFlowAssignRequest',
    responses: {
      200: { description: 'The flow after the change.', schema: 'OrderFlow' },
      400: error(
        'VIOLATION::IS_BLANK_ERROR at /flowId, VIOLATION::TOO_FEW_ERROR at /users, or other VIOLATION::… items.',
      ),
      403: ORDER_FLOW_RIGHTS,
      404: ORDER_FLOW_MEMBER_NOT_FOUND,
    },
  },
  {
    operationId: 'readOrderFlow',
    method: 'get',
    path: '/order-flow/{id}',
    summary: 'One order flow of the company. Needs ROLE_MANAGE_ORDER_FLOWS.',
    auth: 'customer',
    params: OrderFlowPathSchema,
    responses: {
      200: { description: 'The flow.', schema: 'OrderFlow' },
      400: VIOLATIONS,
      403: ORDER_FLOWS,
      404: ORDER_FLOW_NOT_FOUND,
    },
  },
  {
    operationId: 'updateOrderFlow',
    method: 'put',
    path: '/order-flow/{id}',
    summary:
      'Replaces an order flow with the body (absent fields take their defaults); usage already booked stays. Needs ' +
      'ROLE_MANAGE_ORDER_FLOWS; changing a budget field, or lifting a limit (removing a user, deactivating, an ' +
      'earlier end date, another start date), also ROLE_MANAGE_BUDGETS, never on oneself; the approvers ' +
      'ROLE_MANAGE_APPROVERS.',
    auth: 'customer',
    params: OrderFlowPathSchema,
    body: 'OrderFlowRequest',
    responses: {
      200: { description: 'The flow after the change.', schema: 'OrderFlow' },
      400: VIOLATIONS,
      403: ORDER_FLOW_RIGHTS,
      404: ORDER_FLOW_MEMBER_NOT_FOUND,
    },
  },
  {
    operationId: 'deleteOrderFlow',
    method: 'delete',
    path: '/order-flow/{id}',
    summary:
      'Deletes an order flow in one transaction: its pending approval requests are cancelled and what they reserved ' +
      '(on the flow and on an order reference) is released; its users order without a flow from then on; the budget ' +
      'ledger keeps its rows. Needs ROLE_MANAGE_ORDER_FLOWS, and ROLE_MANAGE_BUDGETS when it has users; never a ' +
      'flow the caller is a user of.',
    auth: 'customer',
    params: OrderFlowPathSchema,
    responses: {
      204: { description: 'Deleted.' },
      400: VIOLATIONS,
      403: ORDER_FLOW_RIGHTS,
      404: ORDER_FLOW_NOT_FOUND,
    },
  },
  {
    operationId: 'listApprovals',
    method: 'post',
    path: '/order/approvals',
    summary:
      'One page of the approval requests the caller may see, newest first: an approver those of the flows and order ' +
      'references they approve, a buyer their own, a lead buyer or a holder of ROLE_MANAGE_COMPANY_ORDER_HISTORY the ' +
      "company's. Filters: status, term (approval or order number, requester, order reference), ids. Page size 20. " +
      `${WITHOUT_PRICES} Budgets stay.`,
    auth: 'customer',
    body: 'ApprovalListRequest',
    bodyRequired: false,
    responses: {
      200: { description: 'One page of approval requests.', schema: 'ApprovalListResponse' },
      400: VIOLATIONS,
      403: error(NOT_LOGGED_IN),
    },
  },
  {
    operationId: 'approveOrder',
    method: 'post',
    path: '/order/approve/{id}',
    summary:
      'Approves a pending request: in one transaction the order is written from the snapshot taken at request time ' +
      'and the reserved budgets are consumed; the requester gets mail; the decision is audited. Needs ' +
      'ROLE_APPROVE_ORDER_FLOWS and being an approver of the request’s flow or order reference; never one’s own.',
    auth: 'customer',
    params: ApprovalPathSchema,
    body: 'ApprovalApproveRequest',
    bodyRequired: false,
    responses: {
      200: { description: 'Approved; the order’s id and number.', schema: 'ApprovalDecision' },
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
  {
    operationId: 'withdrawApproval',
    method: 'post',
    path: '/order/withdraw/{id}',
    summary:
      'The requester withdraws their own pending request: in one transaction it becomes withdrawn and what it ' +
      'reserved on the budgets is released once. Needs a logged-in customer who sent the request.',
    auth: 'customer',
    params: ApprovalPathSchema,
    responses: {
      200: { description: 'Withdrawn.', schema: 'ApprovalDecision' },
      400: VIOLATIONS,
      403: error(NOT_LOGGED_IN),
      404: error('{PROVIDER}__APPROVAL_NOT_FOUND: unknown, of another company, or not the caller’s own request.'),
      409: error(
        '{PROVIDER}__APPROVAL_ALREADY_DECIDED (meta.parameters.status): no longer pending; ' +
          '{PROVIDER}__APPROVAL_EXPIRED: it has expired.',
      ),
    },
  },
  {
    operationId: 'decideApprovals',
    method: 'post',
    path: '/order/approvals/actions',
    summary:
      'Approves or declines up to 100 requests; each decision is its own transaction with the rules of approveOrder ' +
      '(declining releases the reserved budgets once), so one refused decision leaves the others standing.',
    auth: 'customer',
    body: 'ApprovalActionsRequest',
    responses: {
      200: { description: 'One result per action, outcome or error.', schema: 'ApprovalActionsResponse' },
      400: error('VIOLATION::… items: no or more than 100 actions, an id twice, an unknown action, a long comment.'),
      403: error(
        `${NOT_LOGGED_IN.slice(0, -1)}, or ROLE_APPROVE_ORDER_FLOWS missing ({PROVIDER}__MISSING_RIGHT, meta.parameters.right).`,
      ),
    },
  },
  {
    operationId: 'listOrderLists',
    method: 'get',
    path: '/order/list',
    summary:
      "One page of the order lists the caller sees (their own private lists and the company's shared ones), newest " +
      "first, each with its item count and amount at the caller's prices (null without ROLE_VIEW_PRICES), and every " +
      'tag of those lists. Filters: term (part of the name, case ignored), ownerType, tagIds (comma-separated, any of ' +
      'them). Page size 20 unless limit says otherwise (at most 100). Needs ROLE_MANAGE_ORDER_LISTS.',
    auth: 'customer',
    query: OrderListQuerySchema,
    responses: {
      200: { description: 'One page of order lists.', schema: 'OrderListListResponse' },
      400: VIOLATIONS,
      403: ORDER_LISTS,
    },
  },
  {
    operationId: 'createOrderList',
    method: 'post',
    path: '/order/list',
    summary:
      'Creates an order list of the caller (private unless ownerType is company) with tags and items from one ' +
      "source: items, fromCart (the cart's article lines; the cart stays as it is) or sourceListId (a copy of a list " +
      'the caller sees). Quantities are raised to the minimum purchase and rounded up to the purchase step; an ' +
      'article named twice is put once with the quantities added. Needs ROLE_MANAGE_ORDER_LISTS.',
    auth: 'customer',
    body: 'OrderListCreateRequest',
    responses: {
      200: { description: 'The new list with its items.', schema: 'OrderListDetail' },
      400: error(
        `VIOLATION::… items, ${ORDER_LIST_ITEM_ERRORS}, or {PROVIDER}__ORDER_LIST_CART_EMPTY (fromCart with a cart ` +
          'without articles).',
      ),
      403: ORDER_LISTS,
      404: ORDER_LIST_NOT_FOUND,
    },
  },
  {
    operationId: 'readOrderList',
    method: 'get',
    path: '/order/list/{id}',
    summary:
      "One order list the caller sees with its items: name in the caller's language, customer article number (with " +
      'ROLE_MANAGE_ARTICLE_LINKS), purchase rules, cover, product page path, availability, prices at the tier for the ' +
      'quantity, ecotax and stock (null without ROLE_VIEW_PRICES), delivery time. Needs ROLE_MANAGE_ORDER_LISTS.',
    auth: 'customer',
    params: OrderListPathSchema,
    responses: {
      200: { description: 'The list with its items.', schema: 'OrderListDetail' },
      400: VIOLATIONS,
      403: ORDER_LISTS,
      404: ORDER_LIST_NOT_FOUND,
    },
  },
  {
    operationId: 'updateOrderList',
    method: 'patch',
    path: '/order/list/{id}',
    summary:
      'Renames, shares or makes private, or retags an order list the caller sees; only its creator makes a shared ' +
      'list private. Needs ROLE_MANAGE_ORDER_LISTS.',
    auth: 'customer',
    params: OrderListPathSchema,
    body: 'OrderListPatchRequest',
    responses: {
      200: { description: 'The list after the change.', schema: 'OrderListDetail' },
      400: VIOLATIONS,
      403: error(
        `${NOT_LOGGED_IN.slice(0, -1)}, ROLE_MANAGE_ORDER_LISTS missing ({PROVIDER}__MISSING_RIGHT), or ` +
          '{PROVIDER}__ORDER_LIST_NOT_OWNER: only the creator makes a shared list private.',
      ),
      404: ORDER_LIST_NOT_FOUND,
    },
  },
  {
    operationId: 'deleteOrderList',
    method: 'delete',
    path: '/order/list/{id}',
    summary: 'Deletes an order list the caller sees with its items. Needs ROLE_MANAGE_ORDER_LISTS.',
    auth: 'customer',
    params: OrderListPathSchema,
    responses: {
      204: { description: 'Deleted.' },
      400: VIOLATIONS,
      403: ORDER_LISTS,
      404: ORDER_LIST_NOT_FOUND,
    },
  },
  {
    operationId: 'putOrderListItems',
    method: 'post',
    path: '/order/list/{id}/items',
    summary:
      'Puts articles on an order list the caller sees: mode add (default) adds each quantity to the item or puts the ' +
      "article on the list; set makes it the item's quantity. Quantities are raised to the minimum purchase and " +
      'rounded up to the purchase step. Needs ROLE_MANAGE_ORDER_LISTS.',
    auth: 'customer',
    params: OrderListPathSchema,
    body: 'OrderListItemsRequest',
    responses: {
      200: { description: 'The list with its items.', schema: 'OrderListDetail' },
      400: error(`VIOLATION::… items, ${ORDER_LIST_ITEM_ERRORS}.`),
      403: ORDER_LISTS,
      404: ORDER_LIST_NOT_FOUND,
    },
  },
  {
    operationId: 'deleteOrderListItems',
    method: 'delete',
    path: '/order/list/{id}/items',
    summary:
      'Takes articles off an order list the caller sees, by product id (ids not on the list are ignored). Needs ' +
      'ROLE_MANAGE_ORDER_LISTS.',
    auth: 'customer',
    params: OrderListPathSchema,
    body: 'OrderListItemsDeleteRequest',
    responses: {
      200: { description: 'The list with its items.', schema: 'OrderListDetail' },
      400: VIOLATIONS,
      403: ORDER_LISTS,
      404: ORDER_LIST_NOT_FOUND,
    },
  },
  {
    operationId: 'listOrderReferences',
    method: 'post',
    path: '/order-reference/list',
    summary:
      "One page of the company's order references by name, each with its budget and what is left of it in the " +
      'current period. Filter: term (part of the name, case ignored). Page size 20. Needs ROLE_MANAGE_ORDER_REFERENCES.',
    auth: 'customer',
    body: 'OrderReferenceListRequest',
    bodyRequired: false,
    responses: {
      200: { description: 'One page of order references.', schema: 'OrderReferenceListResponse' },
      400: VIOLATIONS,
      403: ORDER_REFERENCES,
    },
  },
  {
    operationId: 'createOrderReference',
    method: 'post',
    path: '/order-reference',
    summary:
      'Creates an order reference: a name unique in the company (case ignored, at most 30 characters), an optional ' +
      'budget per period in EUR, its users and approvers. Needs ROLE_MANAGE_ORDER_REFERENCES; with a budget field ' +
      'also ROLE_MANAGE_BUDGETS, with approvers ROLE_MANAGE_APPROVERS.',
    auth: 'customer',
    body: 'OrderReferenceRequest',
    responses: {
      200: { description: 'The new reference.', schema: 'OrderReference' },
      400: error(
        'VIOLATION::… items (name blank, too long or with control characters; budget; period; dates: a custom period ' +
          'needs an end date not before the start), or ORDER_REFERENCE_NAME_NOT_UNIQUE at /name.',
      ),
      403: ORDER_REFERENCE_RIGHTS,
      404: error('CHECKOUT__CUSTOMER_NOT_FOUND_BY_ID: a user or approver is not a customer of the company.'),
    },
  },
  {
    operationId: 'readOrderReference',
    method: 'get',
    path: '/order-reference/{id}',
    summary: 'One order reference of the company. Needs ROLE_MANAGE_ORDER_REFERENCES.',
    auth: 'customer',
    params: OrderReferencePathSchema,
    responses: {
      200: { description: 'The reference.', schema: 'OrderReference' },
      400: VIOLATIONS,
      403: ORDER_REFERENCES,
      404: ORDER_REFERENCE_NOT_FOUND,
    },
  },
  {
    operationId: 'updateOrderReference',
    method: 'put',
    path: '/order-reference/{id}',
    summary:
      'Replaces an order reference with the body (absent fields take their defaults); usage already booked stays. ' +
      'Needs ROLE_MANAGE_ORDER_REFERENCES; changing a budget field or the start date also ROLE_MANAGE_BUDGETS ' +
      '(never loosening the budget of a reference one books to), the approvers ROLE_MANAGE_APPROVERS.',
    auth: 'customer',
    params: OrderReferencePathSchema,
    body: 'OrderReferenceRequest',
    responses: {
      200: { description: 'The reference after the change.', schema: 'OrderReference' },
      400: error('VIOLATION::… items, or ORDER_REFERENCE_NAME_NOT_UNIQUE at /name.'),
      403: ORDER_REFERENCE_RIGHTS,
      404: error(
        '{PROVIDER}__ORDER_REFERENCE_NOT_FOUND (unknown or of another company), or CHECKOUT__CUSTOMER_NOT_FOUND_BY_ID ' +
          '(a user or approver is not a customer of the company).',
      ),
    },
  },
  {
    operationId: 'deleteOrderReference',
    method: 'delete',
    path: '/order-reference/{id}',
    summary:
      'Deletes an order reference; carts that had chosen it lose the choice, its pending approval requests are ' +
      'cancelled and their reservations released, orders keep the name they were placed with. Needs ' +
      'ROLE_MANAGE_ORDER_REFERENCES.',
    auth: 'customer',
    params: OrderReferencePathSchema,
    responses: {
      204: { description: 'Deleted.' },
      400: VIOLATIONS,
      403: ORDER_REFERENCES,
      404: ORDER_REFERENCE_NOT_FOUND,
    },
  },
  {
    operationId: 'searchOrderReferences',
    method: 'get',
    path: '/order-reference/search/{term}',
    summary:
      'Up to 20 order references whose name contains the term (case ignored) that the caller may book to now: ' +
      'active, today (Europe/Brussels) within start and end date, the caller one of its users (or it has none); ' +
      'each with what is left of its budget in the current period. Needs ROLE_ADD_ORDER_REFERENCES.',
    auth: 'customer',
    params: OrderReferenceSearchPathSchema,
    responses: {
      200: { description: 'The references, by name.', schema: 'OrderReferenceSearchResponse' },
      400: VIOLATIONS,
      403: ADD_ORDER_REFERENCES,
    },
  },
  {
    operationId: 'setCartOrderReference',
    method: 'put',
    path: '/order-reference/cart/{id}',
    summary:
      "Chooses the order reference for the caller's cart; the order is booked to it and its budget checked at " +
      'checkout. The reference must be one the caller may book to now (see searchOrderReferences). Needs ' +
      'ROLE_ADD_ORDER_REFERENCES. DELETE …/order-reference/cart clears the choice.',
    auth: 'customer',
    params: OrderReferencePathSchema,
    responses: {
      200: { description: "The cart's reference.", schema: 'OrderReferenceCartResponse' },
      400: error(
        'VIOLATION::INVALID_UUID, or {PROVIDER}__ORDER_REFERENCE_NOT_USABLE: inactive, outside its dates, or the ' +
          'caller is not one of its users.',
      ),
      403: ADD_ORDER_REFERENCES,
      404: ORDER_REFERENCE_NOT_FOUND,
    },
  },
  {
    operationId: 'clearCartOrderReference',
    method: 'delete',
    path: '/order-reference/cart',
    summary: "Clears the order reference of the caller's cart. Needs ROLE_ADD_ORDER_REFERENCES.",
    auth: 'customer',
    responses: {
      200: { description: 'The cart without a reference.', schema: 'OrderReferenceCartResponse' },
      403: ADD_ORDER_REFERENCES,
    },
  },
  {
    operationId: 'listArticleLinks',
    method: 'get',
    path: '/article-links',
    summary:
      "One page of the company's article links (customer article numbers), each with its article's name, page and " +
      "cover in the caller's language. Filter: term (part of the customer number, the supplier article number or " +
      'the name, case ignored); sort customerSku (default), productNumber, name or createdAt; order asc or desc; ' +
      'page size 25 unless limit (at most 100). Needs ROLE_MANAGE_ARTICLE_LINKS.',
    auth: 'customer',
    query: ArticleLinkQuerySchema,
    responses: {
      200: { description: 'One page of article links.', schema: 'ArticleLinkListResponse' },
      400: VIOLATIONS,
      403: ARTICLE_LINKS,
    },
  },
  {
    operationId: 'createArticleLink',
    method: 'post',
    path: '/article-links',
    summary:
      "Links a supplier article (productId: its supplier article number) to the company's own number " +
      '(customerSku). Within the company an article has one number and a number names one article, case ignored. ' +
      'Needs ROLE_MANAGE_ARTICLE_LINKS.',
    auth: 'customer',
    body: 'ArticleLinkRequest',
    responses: {
      200: { description: 'The new link.', schema: 'ArticleLink' },
      400: ARTICLE_LINK_RULES,
      403: ARTICLE_LINKS,
    },
  },
  {
    operationId: 'articleLinkInfo',
    method: 'post',
    path: '/article-links/info',
    summary:
      'Resolves numbers both ways for the company: customerSkus of the given supplier article numbers (productIds) ' +
      'and productNumbers of the given customer numbers (customerSkus, case ignored); 1 to 500 numbers in all; ' +
      'numbers without a link are left out. Needs ROLE_MANAGE_ARTICLE_LINKS.',
    auth: 'customer',
    body: 'ArticleLinkInfoRequest',
    responses: {
      200: { description: 'The numbers found.', schema: 'ArticleLinkInfoResponse' },
      400: VIOLATIONS,
      403: ARTICLE_LINKS,
    },
  },
  {
    operationId: 'exportArticleLinks',
    method: 'get',
    path: '/article-links/export',
    summary:
      "Every article link of the company as a CSV file (text/csv; charset=utf-8, a byte order mark, ';' between " +
      'fields, CRLF, quoted as RFC 4180 requires, content-disposition attachment): the header productId;customerSku, ' +
      'then one row per link by customer number. Needs ROLE_MANAGE_ARTICLE_LINKS.',
    auth: 'customer',
    responses: {
      200: { description: 'The CSV file.', file: 'text/csv' },
      403: ARTICLE_LINKS,
    },
  },
  {
    operationId: 'importArticleLinks',
    method: 'post',
    path: '/article-links/import',
    summary:
      "Imports a CSV file sent as the body (Content-Type text/csv, UTF-8, a byte order mark accepted, ';' or ',' " +
      'as found in the header, columns productId and customerSku, at most 2 MiB and 20,000 rows) and reports every ' +
      'data row in file order: created, updated (the article had another number), unchanged, or error with code and ' +
      'field. Rows without error are written in one transaction; rows with errors are not written. A row naming an ' +
      'article or customer number of an earlier row of the file is an error (PRODUCT_ID_NOT_UNIQUE, ' +
      "CUSTOMER_SKU_NOT_UNIQUE), as is a number of another of the company's articles unless an earlier row gave " +
      'that article a new number. Needs ROLE_MANAGE_ARTICLE_LINKS.',
    auth: 'customer',
    responses: {
      200: { description: 'The report.', schema: 'ArticleLinkImportResponse' },
      400: error(
        'VIOLATION::… at /: the body is empty (IS_BLANK_ERROR), not CSV (INVALID_VALUE) or over 20,000 rows ' +
          '(TOO_MANY_ERROR); at /productId or /customerSku: the header lacks the column (IS_BLANK_ERROR).',
      ),
      403: ARTICLE_LINKS,
      413: error('FRAMEWORK__PAYLOAD_TOO_LARGE: the body is over 2 MiB (meta.parameters.maxBytes).'),
    },
  },
  {
    operationId: 'updateArticleLink',
    method: 'put',
    path: '/article-links/{id}',
    summary:
      'Changes the article and the customer number of a link, under the rules of createArticleLink. Needs ' +
      'ROLE_MANAGE_ARTICLE_LINKS.',
    auth: 'customer',
    params: ArticleLinkPathSchema,
    body: 'ArticleLinkRequest',
    responses: {
      200: { description: 'The link after the change.', schema: 'ArticleLink' },
      400: ARTICLE_LINK_RULES,
      403: ARTICLE_LINKS,
      404: ARTICLE_LINK_NOT_FOUND,
    },
  },
  {
    operationId: 'deleteArticleLink',
    method: 'delete',
    path: '/article-links/{id}',
    summary: 'Deletes a link; orders keep the customer number they were placed with. Needs ROLE_MANAGE_ARTICLE_LINKS.',
    auth: 'customer',
    params: ArticleLinkPathSchema,
    responses: {
      204: { description: 'Deleted.' },
      400: VIOLATIONS,
      403: ARTICLE_LINKS,
      404: ARTICLE_LINK_NOT_FOUND,
    },
  },
  {
    operationId: 'listExternalContacts',
    method: 'get',
    path: '/cost-center/external-contact',
    summary:
      "The company's external contacts by name, each with whether it is connected to the cost centres (offered at " +
      'checkout). Needs ROLE_MANAGE_COST_CENTER.',
    auth: 'customer',
    responses: {
      200: { description: 'The contacts.', schema: 'ExternalContactListResponse' },
      403: MANAGE_COST_CENTER,
    },
  },
  {
    operationId: 'assignExternalContacts',
    method: 'post',
    path: '/cost-center/external-contact-assign',
    summary:
      'Connects the given external contacts to the cost centres, or all of the company’s without ids. Needs ' +
      'ROLE_MANAGE_COST_CENTER.',
    auth: 'customer',
    body: 'ExternalContactIdsRequest',
    bodyRequired: false,
    responses: {
      200: { description: 'Every contact after the change.', schema: 'ExternalContactListResponse' },
      400: VIOLATIONS,
      403: MANAGE_COST_CENTER,
      404: EXTERNAL_CONTACT_NOT_FOUND,
    },
  },
  {
    operationId: 'dismissExternalContacts',
    method: 'post',
    path: '/cost-center/external-contact-dismiss',
    summary:
      'Disconnects the given external contacts from the cost centres, or all of the company’s without ids. Needs ' +
      'ROLE_MANAGE_COST_CENTER.',
    auth: 'customer',
    body: 'ExternalContactIdsRequest',
    bodyRequired: false,
    responses: {
      200: { description: 'Every contact after the change.', schema: 'ExternalContactListResponse' },
      400: VIOLATIONS,
      403: MANAGE_COST_CENTER,
      404: EXTERNAL_CONTACT_NOT_FOUND,
    },
  },
  {
    operationId: 'readCartExternalContacts',
    method: 'get',
    path: '/cost-center/cart/external-contact',
    summary: 'The connected external contacts the checkout offers, by name. Needs ROLE_ACCESS_COST_CENTER.',
    auth: 'customer',
    responses: {
      200: { description: 'The connected contacts.', schema: 'ExternalContactListResponse' },
      403: ACCESS_COST_CENTER,
    },
  },
  {
    operationId: 'listCostCenters',
    method: 'get',
    path: '/cost-center',
    summary:
      "The company's active cost centres by identifier, to choose one at checkout. Needs ROLE_ACCESS_COST_CENTER.",
    auth: 'customer',
    responses: {
      200: { description: 'The cost centres.', schema: 'CostCenterListResponse' },
      403: ACCESS_COST_CENTER,
    },
  },
  {
    operationId: 'setCartCostCenter',
    method: 'put',
    path: '/cost-center/cart/{id}',
    summary:
      "Chooses an active cost centre of the company for the caller's cart; the order keeps it. Needs " +
      'ROLE_ACCESS_COST_CENTER. DELETE …/cost-center/cart clears the choice.',
    auth: 'customer',
    params: CostCenterPathSchema,
    responses: {
      200: { description: "The cart's cost centre.", schema: 'CostCenterCartResponse' },
      400: VIOLATIONS,
      403: ACCESS_COST_CENTER,
      404: error('{PROVIDER}__COST_CENTER_NOT_FOUND: unknown, inactive, or of another company.'),
    },
  },
  {
    operationId: 'clearCartCostCenter',
    method: 'delete',
    path: '/cost-center/cart',
    summary: "Clears the cost centre of the caller's cart. Needs ROLE_ACCESS_COST_CENTER.",
    auth: 'customer',
    responses: {
      200: { description: 'The cart without a cost centre.', schema: 'CostCenterCartResponse' },
      403: ACCESS_COST_CENTER,
    },
  },
  {
    operationId: 'readVariantCounts',
    method: 'post',
    path: '/variants',
    summary: 'Variant counts of parent products: the ids are the distinct parent ids of a result list.',
    auth: 'access-key',
    body: 'VariantCountRequest',
    responses: {
      200: {
        description: 'One element per known, active parent id; unknown ids are left out.',
        schema: 'VariantCountResponse',
      },
      400: error('More than 500 ids (VIOLATION::TOO_MANY_ERROR on /ids) or malformed criteria.'),
      401: error('Unknown sw-access-key.'),
    },
  },
  {
    operationId: 'listCompanyCustomers',
    method: 'post',
    path: '/companies/customers',
    summary:
      "One page of the users of the caller's company, with their rights. Filters: contains on firstName, lastName, " +
      'email, username (also customerExtension.username); equals on leadBuyer (true unless the value is no) and ' +
      'active; range on flow.budget and flow.budgetRemaining. Needs ROLE_MANAGE_CONTACTS.',
    auth: 'customer',
    body: 'CompanyCustomerListRequest',
    bodyRequired: false,
    responses: {
      200: { description: 'One page of users.', schema: 'CompanyCustomerListResponse' },
      400: error('VIOLATION::… items: field rules, INVALID_FILTER for an unsupported filter, INVALID_SORT.'),
      403: CONTACTS(),
    },
  },
  {
    operationId: 'deleteCompanyCustomers',
    method: 'delete',
    path: '/companies/customers',
    summary:
      "Deletes users of the caller's company and ends their sessions; never the caller " +
      '(VIOLATION::CANNOT_DELETE_SELF). Any id of another company answers 404 and nothing is deleted. Deleting a ' +
      'lead buyer needs a lead buyer. Needs ROLE_MANAGE_CONTACTS.',
    auth: 'customer',
    body: 'CompanyCustomerDeleteRequest',
    responses: {
      204: { description: 'Deleted.' },
      400: error('VIOLATION::… items: INVALID_UUID for a malformed id, CANNOT_DELETE_SELF, field rules.'),
      403: CONTACTS(', or a lead buyer deleted by a user who is not one'),
      404: NOT_FOUND_USER,
    },
  },
  {
    operationId: 'createCompanyCustomer',
    method: 'post',
    path: '/companies/customers/create',
    summary:
      "Creates a user of the caller's company with rights (only rights the caller holds; leadBuyer only by a lead " +
      'buyer). The user receives a set-password invitation mail (link /auth/password-set?hash=…, valid 7 days). ' +
      'A company sends at most 25 invitations per hour and 100 per day. Needs ROLE_MANAGE_CONTACTS.',
    auth: 'customer',
    body: 'CompanyCustomerCreateRequest',
    responses: {
      200: { description: 'The new user with rights.', schema: 'CompanyCustomer' },
      400: error('VIOLATION::… items: field rules, CUSTOMER_USERNAME_NOT_UNIQUE, INVALID_ROLE for an unknown right.'),
      403: CONTACTS(', or granting a right the caller does not hold'),
      429: error(
        '{PROVIDER}__INVITATION_LIMIT_EXCEEDED: the company has sent its invitations of the hour or the day; ' +
          'meta.parameters { seconds, limit, period } (period hour or day). No user is created.',
      ),
    },
  },
  {
    operationId: 'readCompanyCustomer',
    method: 'get',
    path: '/companies/customers/{id}',
    summary: "One user of the caller's company with rights. Needs ROLE_MANAGE_CONTACTS.",
    auth: 'customer',
    params: CompanyCustomerPathSchema,
    responses: {
      200: { description: 'The user.', schema: 'CompanyCustomer' },
      400: error('VIOLATION::INVALID_UUID on /id.'),
      403: CONTACTS(),
      404: NOT_FOUND_USER,
    },
  },
  {
    operationId: 'updateCompanyCustomer',
    method: 'patch',
    path: '/companies/customers/{id}',
    summary:
      'Changes a user; rights replace the list; active false ends the user’s sessions; nobody changes his own ' +
      'rights, lead-buyer flag or active state (403 {PROVIDER}__CANNOT_CHANGE_OWN_RIGHTS, the rule of the rights ' +
      'and role routes; values equal to the current ones are no change); changing one’s own e-mail address needs the current ' +
      '`password` (VIOLATION::IS_BLANK_ERROR on /password when missing, CUSTOMER_PASSWORD_NOT_CORRECT when wrong). ' +
      'Needs ROLE_MANAGE_CONTACTS.',
    auth: 'customer',
    params: CompanyCustomerPathSchema,
    body: 'CompanyCustomerPatchRequest',
    responses: {
      200: { description: 'The changed user.', schema: 'CompanyCustomer' },
      400: error(
        'VIOLATION::… items: field rules, INVALID_UUID, CUSTOMER_USERNAME_NOT_UNIQUE, INVALID_ROLE; ' +
          'CUSTOMER_PASSWORD_NOT_CORRECT.',
      ),
      403: CONTACTS(', a right the caller does not hold, or a lead-buyer change by a user who is not one'),
      404: NOT_FOUND_USER,
    },
  },
  {
    operationId: 'createCompanyAddress',
    method: 'post',
    path: '/companies/{companyId}/address',
    summary: "Adds an address to the caller's company. Needs ROLE_MANAGE_ADDRESSES.",
    auth: 'customer',
    params: CompanyPathSchema,
    body: 'CompanyAddressRequest',
    responses: {
      200: { description: 'The address.', schema: 'CompanyAddress' },
      400: error('VIOLATION::… items: field rules, ZIP_CODE_INVALID, INVALID_UUID.'),
      403: ADDRESSES,
      404: error('Another company (WERKBANK__COMPANY_NOT_FOUND), indistinguishable from an unknown one.'),
    },
  },
  {
    operationId: 'updateCompanyAddress',
    method: 'put',
    path: '/companies/{companyId}/address/{addressId}',
    summary:
      "Replaces an address of the caller's company; the main address cannot be unflagged " +
      '(VIOLATION::MAIN_ADDRESS_REQUIRED). Needs ROLE_MANAGE_ADDRESSES.',
    auth: 'customer',
    params: CompanyAddressPathSchema,
    body: 'CompanyAddressRequest',
    responses: {
      200: { description: 'The address.', schema: 'CompanyAddress' },
      400: error('VIOLATION::… items: field rules, ZIP_CODE_INVALID, INVALID_UUID, MAIN_ADDRESS_REQUIRED.'),
      403: ADDRESSES,
      404: error(
        'Unknown address or another company (CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND, WERKBANK__COMPANY_NOT_FOUND).',
      ),
    },
  },
  {
    operationId: 'deleteCompanyAddress',
    method: 'delete',
    path: '/companies/{companyId}/address/{addressId}',
    summary:
      'Deletes an address; not the main address (VIOLATION::MAIN_ADDRESS_CANNOT_BE_DELETED). Needs ROLE_MANAGE_ADDRESSES.',
    auth: 'customer',
    params: CompanyAddressPathSchema,
    responses: {
      204: { description: 'Deleted.' },
      400: error('VIOLATION::MAIN_ADDRESS_CANNOT_BE_DELETED or INVALID_UUID.'),
      403: ADDRESSES,
      404: error('Unknown address or another company.'),
    },
  },
  {
    operationId: 'registerCompany',
    method: 'post',
    path: '/register/company',
    summary:
      'Registers a new company and its first user, a lead buyer with all rights; both wait inactive until the ' +
      'supplier activates them. Sends the "registration received" mail; the answer carries a fresh anonymous ' +
      'sw-context-token. Rate-limited.',
    auth: 'access-key',
    body: 'CompanyRegistrationRequest',
    responses: {
      200: { description: 'Registered, inactive.', schema: 'CompanyRegistrationResponse' },
      400: error('INVALID_VAT_NUMBER, VAT_NUMBER_ALREADY_EXISTS, DUPLICATE_USERNAME or VIOLATION::… per field.'),
      429: RATE_LIMITED,
      500: error('UNKNOWN: any other failure.'),
    },
  },
  {
    operationId: 'companyExists',
    method: 'get',
    path: '/register/company/exists',
    summary:
      'Whether a client number (and, when given, its VAT number) is known; nothing else about the company. Rate-limited.',
    auth: 'access-key',
    query: CompanyExistsQuerySchema,
    responses: {
      200: { description: 'The answer.', schema: 'CompanyExistsResponse' },
      400: VIOLATIONS,
      429: RATE_LIMITED,
    },
  },
  {
    operationId: 'registerCompanyCustomer',
    method: 'post',
    path: '/register/company/customer',
    summary:
      'Registers an extra user of an existing company by client number; the user waits inactive with the buyer ' +
      'rights. Sends the "registration received" mail. Rate-limited.',
    auth: 'access-key',
    body: 'CustomerRegistrationRequest',
    responses: {
      200: { description: 'Registered, inactive.', schema: 'CustomerRegistrationResponse' },
      400: error('DUPLICATE_USERNAME or VIOLATION::… per field.'),
      403: error('CLIENT_IS_BLOCKED.'),
      404: error("COMPANY_DOESNT_EXIST: unknown client number, or a VAT number that is not the company's."),
      429: RATE_LIMITED,
      500: error('UNKNOWN: any other failure.'),
    },
  },
  {
    operationId: 'searchCities',
    method: 'get',
    path: '/register/cities/search',
    summary:
      'Places by postal-code prefix (a full Dutch code finds its 4-digit area) or by name (case and accents ' +
      'ignored) from a built-in list for BE, NL, DE, AT and FR; at most 20.',
    auth: 'access-key',
    query: CitySearchQuerySchema,
    responses: {
      200: { description: 'Matches.', schema: 'CitySearchResponse' },
      400: error('Neither zipcode nor city given, or a field too long.'),
    },
  },
  {
    operationId: 'readPickupLocations',
    method: 'get',
    path: '/pickup-location',
    summary: 'The active shops and warehouses where an order can be picked up, by position.',
    auth: 'access-key',
    responses: {
      200: { description: 'Every active pickup location.', schema: 'PickupLocationListResponse' },
    },
  },
  {
    operationId: 'readArticleInformation',
    method: 'post',
    path: '/article/information',
    summary: 'Prices, stock and delivery times for a logged-in customer. Answers Cache-Control: private, no-store.',
    auth: 'customer',
    body: 'ArticleInformationRequest',
    responses: {
      200: { description: 'One record per known article, in request order.', schema: 'ArticleInformationResponse' },
      400: error('VIOLATION::… (empty list, more than 100 articles, bad quantity).'),
      403: error(NOT_LOGGED_IN),
    },
  },
  {
    operationId: 'readCustomerRights',
    method: 'get',
    path: '/account/{id}/rights',
    summary:
      "The 24 rights of a customer, each { code, enabled }. Anyone reads their own; another user's needs ROLE_MANAGE_CONTACTS.",
    auth: 'customer',
    params: AccountPathSchema,
    responses: {
      200: { description: 'All 24 rights in order.', schema: 'RightsResponse' },
      400: error('VIOLATION::INVALID_UUID on /id.'),
      403: CONTACTS(),
      404: NOT_FOUND_USER,
    },
  },
  {
    operationId: 'saveCustomerRights',
    method: 'put',
    path: '/account/{id}/rights',
    summary:
      "Saves rights of another user of the caller's company (ROLE_MANAGE_CONTACTS). Nobody changes their own rights " +
      'or grants a right they do not hold; audit-logged.',
    auth: 'customer',
    params: AccountPathSchema,
    body: 'RightsSaveRequest',
    responses: {
      200: { description: 'The rights as saved.', schema: 'RightsResponse' },
      400: error('VIOLATION::INVALID_ROLE for an unknown code, VIOLATION::INVALID_UUID for a malformed id.'),
      403: CONTACTS(', own rights ({PROVIDER}__CANNOT_CHANGE_OWN_RIGHTS), or a right the caller does not hold'),
      404: NOT_FOUND_USER,
    },
  },
  {
    operationId: 'readCustomerRole',
    method: 'get',
    path: '/account/{id}/role',
    summary: "The role of a customer. Anyone reads their own; another user's needs ROLE_MANAGE_CONTACTS.",
    auth: 'customer',
    params: AccountPathSchema,
    responses: {
      200: { description: 'The role.', schema: 'RoleResponse' },
      400: error('VIOLATION::INVALID_UUID on /id.'),
      403: CONTACTS(),
      404: NOT_FOUND_USER,
    },
  },
  {
    operationId: 'saveCustomerRole',
    method: 'put',
    path: '/account/{id}/role',
    summary:
      "Sets the role and resets the rights to the role's defaults (ROLE_MANAGE_CONTACTS; account_manager cannot be " +
      'given through the API); audit-logged.',
    auth: 'customer',
    params: AccountPathSchema,
    body: 'RoleSaveRequest',
    responses: {
      200: { description: 'The role as saved.', schema: 'RoleResponse' },
      400: error('VIOLATION::INVALID_ROLE, VIOLATION::INVALID_UUID.'),
      403: CONTACTS(', own role, or a default right the caller does not hold'),
      404: NOT_FOUND_USER,
    },
  },
  {
    operationId: 'loginAsCustomer',
    method: 'post',
    path: '/account/login-as-customer',
    summary:
      'Account managers open a session as a customer of a company they look after (by id or username); the new ' +
      'token comes in the body and the sw-context-token header; audit-logged.',
    auth: 'customer',
    body: 'LoginAsCustomerRequest',
    responses: {
      200: { description: 'The new context token.', schema: 'LoginAsCustomerResponse' },
      400: error('VIOLATION::INVALID_UUID or a missing target.'),
      403: error(
        'Not logged in (CHECKOUT__CUSTOMER_NOT_LOGGED_IN), or not an account manager ({PROVIDER}__MISSING_ROLE).',
      ),
      404: error('Unknown, inactive or not looked-after customer.'),
    },
  },
  {
    operationId: 'readDevOutbox',
    method: 'get',
    path: '/dev/outbox',
    summary:
      'Development aid, only with WERKBANK_DEV_OUTBOX=1: the latest 50 mails kept because no SMTP server is configured.',
    auth: 'access-key',
    responses: {
      200: { description: 'Kept mail, newest first.', schema: 'DevOutboxResponse' },
      404: error('Not switched on.'),
    },
  },
  {
    operationId: 'devActivateRegistration',
    method: 'post',
    path: '/dev/activate',
    summary:
      'Development aid, only with WERKBANK_DEV_OUTBOX=1: activates a waiting registration by client number or ' +
      'username, as npm run account:activate does.',
    auth: 'access-key',
    body: 'DevActivateRequest',
    responses: {
      200: { description: 'What was activated.', schema: 'DevActivateResponse' },
      404: error('Not switched on, or nothing matches the key ({PROVIDER}__NOTHING_TO_ACTIVATE).'),
    },
  },
  {
    operationId: 'devAdvanceErp',
    method: 'post',
    path: '/dev/erp/advance',
    summary:
      'Development aid, only with WERKBANK_DEV_OUTBOX=1 and the simulated ERP: advances the simulation as if hours ' +
      '(1 to 8760) had passed from now, so orders move on through their statuses and offer requests are answered.',
    auth: 'access-key',
    body: 'DevErpAdvanceRequest',
    responses: {
      200: { description: 'The instant the simulation stands at.', schema: 'DevErpAdvanceResponse' },
      400: VIOLATIONS,
      404: error('Not switched on, or the ERP is not the simulated one (FRAMEWORK__ROUTE_NOT_FOUND).'),
    },
  },
  {
    operationId: 'ociCallUp',
    method: 'post',
    segment: 'oci',
    path: '/call-up',
    summary:
      'An OCI call-up (SAP OCI 4.0/5.0) as the storefront received it on /punchout/oci: checks USERNAME and ' +
      'PASSWORD of a technical user and HOOK_URL against its allowed origins, opens a punch-out session and answers ' +
      'a one-time code for /oci?otp=…. FUNCTION=VALIDATE and BACKGROUND_SEARCH go to ociFunctionPage.',
    auth: 'access-key',
    body: 'OciCallUpRequest',
    responses: {
      200: { description: 'The one-time code.', schema: 'OciCallUpResponse' },
      400: error('HOOK_URL missing or malformed ({OCI}__HOOK_URL_MISSING), or a field beyond its bound.'),
      401: error('Unknown user or wrong password ({OCI}__INVALID_CREDENTIALS; the two are indistinguishable).'),
      403: error('HOOK_URL is not an allowed origin of the configuration ({OCI}__HOOK_URL_NOT_ALLOWED).'),
      404: error('FUNCTION=DETAIL with an unknown PRODUCTID ({OCI}__PRODUCT_NOT_FOUND).'),
      429: error('Too many call-ups for the user or the address ({OCI}__TOO_MANY_REQUESTS).'),
    },
  },
  {
    operationId: 'ociFunctionPage',
    method: 'post',
    segment: 'oci',
    path: '/function',
    summary:
      'OCI FUNCTION=VALIDATE (one item at the price for QUANTITY, auto-submitted to HOOK_URL; no form for an ' +
      'unknown product) and FUNCTION=BACKGROUND_SEARCH (all hits up to 50 as NEW_ITEM fields, not submitted): the ' +
      'page itself, in the charset of http_content_charset, with its Content-Security-Policy.',
    auth: 'access-key',
    body: 'OciCallUpRequest',
    responses: {
      200: { description: 'The page for the procurement system.', file: 'text/html' },
      400: error('HOOK_URL missing or malformed, FUNCTION is neither VALIDATE nor BACKGROUND_SEARCH.'),
      401: error('Unknown user or wrong password ({OCI}__INVALID_CREDENTIALS).'),
      403: error('HOOK_URL is not an allowed origin ({OCI}__HOOK_URL_NOT_ALLOWED).'),
      429: error('Too many call-ups ({OCI}__TOO_MANY_REQUESTS).'),
    },
  },
  {
    operationId: 'ociExchangeOtp',
    method: 'post',
    segment: 'oci',
    path: '/otp/{otp}',
    summary:
      'Exchanges the one-time code of a call-up (single use, 2 minutes) for the punch-out session: a new context ' +
      'token (body and sw-context-token) and where the storefront lands (home, DETAIL product, SOURCING search).',
    auth: 'access-key',
    params: OciOtpPathSchema,
    responses: {
      200: { description: 'The session.', schema: 'PunchOutSessionStart' },
      404: error('Unknown, used or expired code (indistinguishable; {OCI}__OTP_NOT_FOUND).'),
    },
  },
  {
    operationId: 'ociLogout',
    method: 'post',
    segment: 'oci',
    path: '/logout',
    summary: 'Ends the OCI punch-out session of the context without transferring the cart.',
    auth: 'customer',
    responses: {
      204: { description: 'Ended.' },
      403: error(NOT_LOGGED_IN),
    },
  },
  {
    operationId: 'cxmlSetupRequest',
    method: 'post',
    segment: 'cxml',
    path: '/setup',
    rawBody: 'text/xml',
    query: CxmlRequestQuerySchema,
    summary:
      'A cXML PunchOutSetupRequest (server to server, text/xml, at most 1 MiB; DTD and entities never resolved): ' +
      'authenticated by the Sender shared secret and the From identity, answered with a PunchOutSetupResponse ' +
      'whose StartPage is a single-use URL of the storefront, or a cXML Status (400, 401, 406, 412, 450). ' +
      '`storefrontUrl` names the site the request arrived on (the StartPage lies below it).',
    auth: 'access-key',
    responses: {
      200: { description: 'A cXML document: PunchOutSetupResponse or Status.', file: 'text/xml' },
      413: { description: 'Body over 1 MiB: a cXML Status 406 document.', file: 'text/xml' },
    },
  },
  {
    operationId: 'cxmlOrderRequest',
    method: 'post',
    segment: 'cxml',
    path: '/order',
    rawBody: 'text/xml',
    query: CxmlRequestQuerySchema,
    summary:
      'A cXML OrderRequest (server to server), accepted when the configuration allows orders: becomes an order ' +
      'of the configured user, re-priced from the shop, idempotent on payloadID; answered with a cXML Status. ' +
      '`storefrontUrl` names the site the request arrived on.',
    auth: 'access-key',
    responses: {
      200: { description: 'A cXML Response with Status.', file: 'text/xml' },
      413: { description: 'Body over 1 MiB: a cXML Status 406 document.', file: 'text/xml' },
    },
  },
  {
    operationId: 'cxmlStart',
    method: 'post',
    segment: 'cxml',
    path: '/auth/{a}/{b}',
    summary:
      'Opens the punch-out session of a StartPage URL (single use, 5 minutes): a new context token and where the ' +
      "storefront lands; an edit session finds the cart re-created from the request's ItemOut lines.",
    auth: 'access-key',
    params: CxmlStartPathSchema,
    responses: {
      200: { description: 'The session.', schema: 'PunchOutSessionStart' },
      404: error('Unknown, used or expired start page (indistinguishable; {CXML}__START_NOT_FOUND).'),
    },
  },
  {
    operationId: 'cxmlInspect',
    method: 'post',
    segment: 'cxml',
    path: '/inspect/{a}/{b}',
    summary: 'Opens a read-only punch-out session of an inspect StartPage URL (single use, 5 minutes).',
    auth: 'access-key',
    params: CxmlStartPathSchema,
    responses: {
      200: { description: 'The session.', schema: 'PunchOutSessionStart' },
      404: error('Unknown, used or expired start page, or not an inspect session ({CXML}__START_NOT_FOUND).'),
    },
  },
  {
    operationId: 'cxmlLogout',
    method: 'post',
    segment: 'cxml',
    path: '/logout',
    summary: 'Ends the cXML punch-out session of the context without transferring the cart.',
    auth: 'customer',
    responses: {
      204: { description: 'Ended.' },
      403: error(NOT_LOGGED_IN),
    },
  },
  {
    operationId: 'validateCxmlDocument',
    method: 'post',
    segment: 'cxml',
    path: '/punchout-test/validate',
    rawBody: 'text/xml',
    summary:
      'Procurement simulator aid, only with PUNCHOUT_TEST_PAGE=1: validates a cXML document (text/xml, at most ' +
      '1 MiB) against the local DTD of the version its DOCTYPE names (cXML.dtd 1.2.071 and older; DTD and ' +
      'entities never fetched), e.g. a PunchOutOrderMessage the simulator received.',
    auth: 'access-key',
    responses: {
      200: { description: 'Valid or not, with every finding.', schema: 'CxmlValidationResult' },
      404: error('Not switched on (FRAMEWORK__ROUTE_NOT_FOUND).'),
      413: error('Body over 1 MiB (FRAMEWORK__PAYLOAD_TOO_LARGE).'),
    },
  },
  {
    operationId: 'readPunchOutSession',
    method: 'get',
    path: '/punchout/session',
    summary: 'The punch-out session of the context: protocol, system name, operation, read-only, test mode.',
    auth: 'customer',
    responses: {
      200: { description: 'The session.', schema: 'PunchOutSession' },
      403: error(NOT_LOGGED_IN),
      404: error('The context is not a punch-out session ({PROVIDER}__NOT_A_PUNCHOUT_SESSION).'),
    },
  },
  {
    operationId: 'punchOutTransfer',
    method: 'post',
    path: '/punchout/transfer',
    summary:
      'Transfers the cart of the punch-out session: the auto-submitting page that posts the OCI NEW_ITEM fields ' +
      'to HOOK_URL or the PunchOutOrderMessage to BrowserFormPost (in the charset and with the ' +
      'Content-Security-Policy it needs), then ends the session.',
    auth: 'customer',
    responses: {
      200: { description: 'The transfer page.', file: 'text/html' },
      400: error('The cart has errors that block the transfer, or more lines than the procurement system takes.'),
      403: error(NOT_LOGGED_IN),
      404: error('The context is not a punch-out session ({PROVIDER}__NOT_A_PUNCHOUT_SESSION).'),
    },
  },
  {
    operationId: 'punchOutCancel',
    method: 'post',
    path: '/punchout/cancel',
    summary:
      'Cancels the punch-out session: an empty cart to HOOK_URL (or the configured cancel URL) or an empty ' +
      'PunchOutOrderMessage to BrowserFormPost, then ends the session.',
    auth: 'customer',
    responses: {
      200: { description: 'The page returning to the procurement system.', file: 'text/html' },
      403: error(NOT_LOGGED_IN),
      404: error('The context is not a punch-out session ({PROVIDER}__NOT_A_PUNCHOUT_SESSION).'),
    },
  },
] as const satisfies readonly ProviderEndpoint[];

/** Every endpoint through the wide entry shape, for walking the table. */
export const PROVIDER_ENDPOINTS: readonly ProviderEndpoint[] = [...PROVIDER_ENDPOINT_TABLE];
