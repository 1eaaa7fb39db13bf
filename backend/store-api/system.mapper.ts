/**
 * Shopware's Language, Locale and SalesChannel shapes of the system endpoints, and the ids of the things the embedded
 * backend has exactly one of.
 */
import { isLocaleCode, type LocaleCode } from '../../contract/locales.ts';
import { stableId } from '../lib/ids.ts';
import type { StoreContext } from './context.ts';
import type {
  StoreCashRounding,
  StoreCurrency,
  StoreLanguage,
  StoreLocale,
  StoreSalesChannel,
} from '../http/shopware-schemas.ts';

/** Shopware's `locale` entity of each language: English name and territory. */
const LOCALE_NAMES: Record<LocaleCode, { name: string; territory: string }> = {
  'de-DE': { name: 'German', territory: 'Germany' },
  'en-GB': { name: 'English', territory: 'United Kingdom' },
  'fr-FR': { name: 'French', territory: 'France' },
  'nl-NL': { name: 'Dutch', territory: 'Netherlands' },
};

/** Shopware ids of things the embedded backend has exactly one of (customer group, payment, shipping, country). */
export const FIXED_IDS = {
  customerGroup: stableId('customer-group', 'b2b'),
  paymentMethod: stableId('payment-method', 'invoice'),
  shippingMethod: stableId('shipping-method', 'standard'),
  country: stableId('country', 'BE'),
};

/** Shopware Language with its locale. */
export function mapLanguage(l: { id: string; name: string; localeCode: string }): StoreLanguage {
  const info = isLocaleCode(l.localeCode) ? LOCALE_NAMES[l.localeCode] : { name: l.name, territory: '' };
  const locale: StoreLocale = {
    id: stableId('locale', l.localeCode),
    code: l.localeCode,
    name: info.name,
    territory: info.territory,
    translated: { name: info.name, territory: info.territory },
    apiAlias: 'locale',
  };
  return {
    id: l.id,
    name: l.name,
    localeId: locale.id,
    translationCodeId: locale.id,
    active: true,
    locale,
    translationCode: locale,
    apiAlias: 'language',
  };
}

/** A `currency` row as the system routes read it. */
export interface CurrencyRow {
  id: string;
  iso_code: string;
  symbol: string;
  name: string;
  decimal_precision: number;
  factor: string;
}

/** Shopware's CashRoundingConfig for `decimals` decimals (interval 0.01, net rounding). */
export function rounding(decimals: number): StoreCashRounding {
  return {
    decimals,
    interval: 0.01,
    roundForNet: true,
    apiAlias: 'shopware_core_framework_data_abstraction_layer_pricing_cash_rounding_config',
  };
}

/** Shopware Currency. */
export function mapCurrency(r: CurrencyRow): StoreCurrency {
  const decimals = Number(r.decimal_precision);
  return {
    id: r.id,
    isoCode: r.iso_code,
    symbol: r.symbol,
    shortName: r.iso_code,
    name: r.name,
    factor: Number(r.factor),
    position: 1,
    isSystemDefault: r.iso_code === 'EUR',
    itemRounding: rounding(decimals),
    totalRounding: rounding(decimals),
    translated: { name: r.name, shortName: r.iso_code },
    apiAlias: 'currency',
  };
}

/** Shopware SalesChannel of a context, with its domains. */
export function mapSalesChannel(ctx: StoreContext): StoreSalesChannel {
  const ch = ctx.salesChannel;
  return {
    id: ch.id,
    name: ch.name,
    languageId: ch.languageId,
    currencyId: ch.currencyId,
    customerGroupId: FIXED_IDS.customerGroup,
    paymentMethodId: FIXED_IDS.paymentMethod,
    shippingMethodId: FIXED_IDS.shippingMethod,
    countryId: FIXED_IDS.country,
    navigationCategoryId: ch.navigationCategoryId,
    navigationCategoryDepth: ch.navigationCategoryDepth,
    ...(ch.serviceCategoryId ? { serviceCategoryId: ch.serviceCategoryId } : {}),
    ...(ch.footerCategoryId ? { footerCategoryId: ch.footerCategoryId } : {}),
    active: true,
    maintenance: ch.maintenance,
    taxCalculationType: 'horizontal',
    configuration: ch.config,
    customFields: { countriesCategoryId: ch.countriesCategoryId },
    translated: { name: ch.name },
    domains: ch.domains.map((d) => ({ ...d, salesChannelId: ch.id, apiAlias: 'sales_channel_domain' })),
    apiAlias: 'sales_channel',
  };
}
