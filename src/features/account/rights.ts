/**
 * The 24 rights of spec §6 as the storefront knows them (the storefront never imports `backend/`; the list mirrors
 * backend/auth/rights.ts), and the account sidebar of spec §2 "Account sidebar" with the right each entry needs.
 */

/** Rights in the order of spec §6. */
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

/** One sidebar entry: its path below `/account`, its label key and the right it needs (none: always shown). */
export interface SidebarEntry {
  path: string;
  labelKey: string;
  right?: RightCode;
  /** Sections whose features come in later issues show a placeholder. */
  coming?: boolean;
}

/**
 * Spec §2 "Account sidebar": address book, approvals, dashboard, flows, invoices, offers, order references, orders,
 * users, cost centres, article links; plus order lists and profile. Each entry is shown only with its right.
 */
export const SIDEBAR: readonly SidebarEntry[] = [
  { path: 'dashboard', labelKey: 'account.nav.dashboard' },
  { path: 'profile', labelKey: 'account.nav.profile', right: 'ROLE_MANAGE_OWN_CONTACT_INFO' },
  { path: 'addressbook', labelKey: 'account.nav.addressbook', right: 'ROLE_MANAGE_ADDRESSES' },
  { path: 'customer', labelKey: 'account.nav.customer', right: 'ROLE_MANAGE_CONTACTS' },
  { path: 'orders', labelKey: 'account.nav.orders', right: 'ROLE_MANAGE_ORDER_HISTORY', coming: true },
  { path: 'orderlist', labelKey: 'account.nav.orderlist', right: 'ROLE_MANAGE_ORDER_LISTS', coming: true },
  { path: 'offers', labelKey: 'account.nav.offers', right: 'ROLE_MANAGE_OFFER_HISTORY', coming: true },
  { path: 'invoices', labelKey: 'account.nav.invoices', right: 'ROLE_MANAGE_INVOICE_HISTORY', coming: true },
  { path: 'approvals', labelKey: 'account.nav.approvals', right: 'ROLE_APPROVE_ORDER_FLOWS', coming: true },
  { path: 'flows', labelKey: 'account.nav.flows', right: 'ROLE_MANAGE_ORDER_FLOWS', coming: true },
  {
    path: 'orderreferences',
    labelKey: 'account.nav.orderreferences',
    right: 'ROLE_MANAGE_ORDER_REFERENCES',
    coming: true,
  },
  { path: 'costcenter', labelKey: 'account.nav.costcenter', right: 'ROLE_ACCESS_COST_CENTER', coming: true },
  { path: 'articlelinks', labelKey: 'account.nav.articlelinks', right: 'ROLE_MANAGE_ARTICLE_LINKS', coming: true },
];

/** Spec §6: "A check reads the customer's rights list for an enabled entry." */
export function holds(rights: readonly string[], code: RightCode | undefined): boolean {
  return code === undefined || rights.includes(code);
}
