/**
 * The 24 rights of the specification (§6 "Roles and permissions") in its order: the vocabulary of the provider
 * API's rights endpoints (§3 "Rights"). The embedded Store API enforces them (backend/auth) and the storefront
 * shows and edits them (src/features/account); both import this one list, which is why it sits outside both.
 */
export const RIGHT_CODES = [
  'ROLE_ACCESS_QUICK_ORDER_FORM',
  'ROLE_ADD_ORDER_REFERENCES',
  'ROLE_MANAGE_ADDRESSES',
  'ROLE_MANAGE_APPROVERS',
  'ROLE_MANAGE_ARTICLE_LINKS',
  'ROLE_MANAGE_BUDGETS',
  'ROLE_MANAGE_CONTACTS',
  'ROLE_MANAGE_COST_POSTS',
  'ROLE_MANAGE_INVOICE_HISTORY',
  'ROLE_MANAGE_NEWS_LETTERS',
  'ROLE_MANAGE_ORDER_HISTORY',
  'ROLE_MANAGE_ORDER_LISTS',
  'ROLE_MANAGE_ORDER_REFERENCES',
  'ROLE_MANAGE_OWN_ACCOUNT',
  'ROLE_MANAGE_OWN_CONTACT_INFO',
  'ROLE_PLACE_ORDERS',
  'ROLE_REQUEST_OFFER',
  'ROLE_VIEW_PRICES',
  'ROLE_MANAGE_OFFER_HISTORY',
  'ROLE_MANAGE_ORDER_FLOWS',
  'ROLE_APPROVE_ORDER_FLOWS',
  'ROLE_MANAGE_COST_CENTER',
  'ROLE_ACCESS_COST_CENTER',
  'ROLE_MANAGE_COMPANY_ORDER_HISTORY',
] as const;

export type RightCode = (typeof RIGHT_CODES)[number];
