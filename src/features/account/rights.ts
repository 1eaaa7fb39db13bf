/**
 * The 24 rights (contract/rights.ts, shared with the embedded Store API) and the account sidebar with the right
 * each entry needs.
 */

import { RIGHT_CODES, type RightCode } from '../../../contract/rights.ts';
import type { MessageKey } from '../../i18n/locales.ts';
import type { FeatureFlag } from '../../lib/feature-flags.ts';

export { RIGHT_CODES, type RightCode };

/**
 * What an entry needs: one right, or several of which any one will do (none: always shown).
 */
export type RightNeed = RightCode | readonly RightCode[];

/** One sidebar entry: its path below `/account`, its label key and the right it needs (none: always shown). */
export interface SidebarEntry {
  path: string;
  labelKey: MessageKey;
  right?: RightNeed;
  /** A section whose screens the shop does not offer yet shows a placeholder instead. */
  coming?: boolean;
  /**
   * The feature flag the section needs (src/lib/feature-flags.ts), or several of which any one will do; without it
   * the section does not exist.
   */
  flag?: FeatureFlag | readonly FeatureFlag[];
}

/**
 * The sidebar: address book, approvals, dashboard, flows, invoices, offers, order references, orders,
 * users, cost centres, article links; plus order lists and profile. Each entry is shown only with its right.
 */
export const SIDEBAR: readonly SidebarEntry[] = [
  { path: 'dashboard', labelKey: 'account.nav.dashboard' },
  { path: 'profile', labelKey: 'account.nav.profile', right: 'ROLE_MANAGE_OWN_CONTACT_INFO' },
  { path: 'addressbook', labelKey: 'account.nav.addressbook', right: 'ROLE_MANAGE_ADDRESSES' },
  { path: 'customer', labelKey: 'account.nav.customer', right: 'ROLE_MANAGE_CONTACTS' },
  {
    path: 'orders',
    labelKey: 'account.nav.orders',
    right: 'ROLE_MANAGE_ORDER_HISTORY',
    flag: ['order-history', 'native-order-history'],
  },
  { path: 'orderlist', labelKey: 'account.nav.orderlist', right: 'ROLE_MANAGE_ORDER_LISTS' },
  { path: 'offers', labelKey: 'account.nav.offers', right: 'ROLE_MANAGE_OFFER_HISTORY', flag: 'offer-history' },
  {
    path: 'invoices',
    labelKey: 'account.nav.invoices',
    right: 'ROLE_MANAGE_INVOICE_HISTORY',
    flag: 'invoice-history',
  },
  // Approvers decide there; buyers follow (and may withdraw) their own requests there.
  {
    path: 'approvals',
    labelKey: 'account.nav.approvals',
    right: ['ROLE_APPROVE_ORDER_FLOWS', 'ROLE_PLACE_ORDERS'],
  },
  { path: 'flows', labelKey: 'account.nav.flows', right: 'ROLE_MANAGE_ORDER_FLOWS' },
  { path: 'orderreferences', labelKey: 'account.nav.orderreferences', right: 'ROLE_MANAGE_ORDER_REFERENCES' },
  {
    path: 'costcenter',
    labelKey: 'account.nav.costcenter',
    right: 'ROLE_MANAGE_COST_CENTER',
    flag: 'cost-center-module',
  },
  { path: 'articlelinks', labelKey: 'account.nav.articlelinks', right: 'ROLE_MANAGE_ARTICLE_LINKS' },
];

/** Whether the shop offers an entry: it needs no feature flag, or its flag (one of its flags) is enabled. */
export function offered(entry: Pick<SidebarEntry, 'flag'>, features: readonly FeatureFlag[]): boolean {
  if (entry.flag === undefined) return true;
  const flags: readonly FeatureFlag[] = typeof entry.flag === 'string' ? [entry.flag] : entry.flag;
  return flags.some((flag) => features.includes(flag));
}

/** A check reads the customer's rights list for an enabled entry: the right, or one of several. */
export function holds(rights: readonly string[], code: RightNeed | undefined): boolean {
  if (code === undefined) return true;
  return typeof code === 'string' ? rights.includes(code) : code.some((c) => rights.includes(c));
}
