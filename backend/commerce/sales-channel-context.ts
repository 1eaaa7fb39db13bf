/**
 * The sales channel context of one Store API call, as Shopware's SalesChannelContext carries it: the sales channel
 * (selected by `sw-access-key`), the language, currency, country and chosen shipping and payment methods, and the
 * logged-in customer with company and rights. The domain reads it; backend/store-api/context.ts resolves it from a
 * request's `sw-context-token` (its middleware) and hands it to every handler as `c.get('context')`.
 */
import type { AuthenticatedCustomer } from '../auth/guards.ts';
import type { PunchOutContext } from './punchout/sessions.ts';

export interface SalesChannelInfo {
  id: string;
  name: string;
  accessKey: string;
  languageId: string;
  currencyId: string;
  navigationCategoryId: string;
  navigationCategoryDepth: number;
  serviceCategoryId: string | null;
  footerCategoryId: string | null;
  countriesCategoryId: string | null;
  maintenance: boolean;
  config: Record<string, unknown>;
  domains: {
    id: string;
    url: string;
    languageId: string;
    currencyId: string;
    snippetSetId: string;
    languageLabel: string;
    position: number;
  }[];
}

export interface LanguageInfo {
  id: string;
  name: string;
  localeCode: string;
}

/** What every handler reads from `c.get('context')`. */
export interface StoreContext {
  token: string;
  /** True when the token was issued by this request (not yet known to the caller). */
  isNew: boolean;
  /** True when a row exists for the token. */
  persisted: boolean;
  salesChannel: SalesChannelInfo;
  language: LanguageInfo;
  languages: LanguageInfo[];
  currencyId: string;
  /** Country chosen with `PATCH /store-api/context`, or null for the sales channel's country. */
  countryId: string | null;
  /** Shipping and payment methods chosen with `PATCH /store-api/context`, or null for the sales channel's. */
  shippingMethodId: string | null;
  paymentMethodId: string | null;
  /** Logged-in customer, or null for an anonymous context. */
  customerId: string | null;
  /**
   * The logged-in customer with company and enabled rights as the middleware read them with the context row (after
   * the session check), for `requireCustomer` and the price visibility; absent for an anonymous context.
   */
  customer?: AuthenticatedCustomer;
  /**
   * The punch-out session the context belongs to (OCI or cXML; docs/decisions/025-punch-out.md), absent for a
   * direct session: such a context never places orders, and budgets, order flows and references do not apply.
   */
  punchOut?: PunchOutContext;
}
