/**
 * The 24 rights a company user holds, each enabled or not per customer, and the rights each role starts with. The
 * codes, role names and the `{ code, enabled }` shape are the contract's (contract/rights.ts). A check reads the customer's rights list for an
 * enabled entry; a right that has no row counts as disabled.
 */

import { RIGHT_CODES, type Right, type RightCode, type RoleName } from '../../contract/rights.ts';

export { RIGHT_CODES, type RightCode, type RoleName };

const BUYER: RightCode[] = [
  'ROLE_ACCESS_QUICK_ORDER_FORM',
  'ROLE_ADD_ORDER_REFERENCES',
  'ROLE_MANAGE_ORDER_HISTORY',
  'ROLE_MANAGE_ORDER_LISTS',
  'ROLE_MANAGE_OWN_ACCOUNT',
  'ROLE_MANAGE_OWN_CONTACT_INFO',
  'ROLE_PLACE_ORDERS',
  'ROLE_REQUEST_OFFER',
  'ROLE_VIEW_PRICES',
  'ROLE_MANAGE_OFFER_HISTORY',
  'ROLE_MANAGE_ARTICLE_LINKS',
  'ROLE_ACCESS_COST_CENTER',
];

/** The rights a role starts with; a lead buyer and an account manager hold them all. */
export const ROLE_DEFAULT_RIGHTS: Record<RoleName, readonly RightCode[]> = {
  buyer: BUYER,
  approver: [...BUYER, 'ROLE_APPROVE_ORDER_FLOWS', 'ROLE_MANAGE_INVOICE_HISTORY', 'ROLE_MANAGE_COMPANY_ORDER_HISTORY'],
  lead_buyer: RIGHT_CODES,
  account_manager: RIGHT_CODES,
};

/** The full list of 24 rights for a set of enabled codes, in the order of contract/rights.ts. */
export function rightsList(enabled: Iterable<string>): Right[] {
  const on = new Set(enabled);
  return RIGHT_CODES.map((code) => ({ code, enabled: on.has(code) }));
}
