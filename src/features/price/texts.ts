import type { MessageKey } from '../../i18n/locales.ts';
import type { PriceStockTexts } from './PriceStock.tsx';

/**
 * The PriceStock island's texts in the domain's locale, placeholders kept; `anonymous` is the slot's text for
 * visitors who are not logged in ('product.listingLogin' on cards, 'product.priceLogin' on the product page).
 */
export function priceTexts(raw: (key: MessageKey) => string, anonymous: MessageKey): PriceStockTexts {
  return {
    anonymous: raw(anonymous),
    net: raw('price.net'),
    stock: raw('price.stock'),
    outOfStock: raw('price.outOfStock'),
    deliveryTime: raw('price.deliveryTime'),
    days: raw('price.days'),
    dayExact: raw('price.dayExact'),
    daysExact: raw('price.daysExact'),
    loading: raw('price.loading'),
    unavailable: raw('price.unavailable'),
  };
}
