import { useHydratedStore } from '../../lib/use-hydrated-store.ts';
import { useEffect } from 'react';
import { decimalToMinorUnits, deliveryTimeLabel, unitName } from '../../i18n/format.ts';
import type { MessageKey } from '../../i18n/locales.ts';
import { I18nProvider, useI18n, type IslandI18nProp } from '../../i18n/react.tsx';
import { $customer, isLoggedIn } from '../../lib/session/session-store.ts';
import { $articleInformation, deliveryDays, loadArticleInformation, PRICE_CURRENCY } from './article-information.ts';

/** The catalogue keys of the island without the order unit's name; see {@link priceMessages}. */
export const PRICE_MESSAGES = ['price.', 'product.listingLogin', 'product.priceLogin'] as const satisfies readonly (
  MessageKey | `${string}.`
)[];

/**
 * The island's selection for `islandMessages(locale, priceMessages(unit))`: {@link PRICE_MESSAGES} and the name of
 * the product's order unit (`units.{code}`, UN/ECE Rec 20), which the price is given per ("€1.50 net / piece").
 */
export function priceMessages(unit: string | null | undefined): (MessageKey | `${string}.`)[] {
  const code = unit?.trim().toUpperCase();
  return code ? [...PRICE_MESSAGES, `units.${code}` as MessageKey] : [...PRICE_MESSAGES];
}

export interface PriceStockProps {
  productNumber: string;
  /** `islandMessages(locale, priceMessages(unit))`. */
  i18n: IslandI18nProp;
  /** The slot's text for visitors who are not logged in: 'product.listingLogin' on cards, 'product.priceLogin' on the product page. */
  anonymousKey: 'product.listingLogin' | 'product.priceLogin';
  /** Whether the slot shows the delivery time (default true); false where the page shows it already (product page). */
  showDeliveryTime?: boolean;
}

/**
 * The price slot of a product card or page: prices, detailed stock and delivery times show only to logged-in
 * buyers. Renders the anonymous text on the server and for anonymous visitors, so catalogue HTML stays the same for
 * everyone; for a logged-in buyer it shows the net price per order unit by name (money in the locale's notation,
 * sub-cent unit prices with their decimals), the stock figure and the delivery time from the page's one
 * `article/information` call.
 */
export default function PriceStock({ i18n, ...props }: PriceStockProps) {
  return (
    <I18nProvider i18n={i18n}>
      <Slot {...props} />
    </I18nProvider>
  );
}

function Slot({ productNumber, anonymousKey, showDeliveryTime = true }: Omit<PriceStockProps, 'i18n'>) {
  const i18n = useI18n();
  const { t, money, number } = i18n;
  const customer = useHydratedStore($customer, null);
  const info = useHydratedStore($articleInformation, null);
  const loggedIn = isLoggedIn(customer);

  useEffect(() => {
    if (loggedIn) void loadArticleInformation();
  }, [loggedIn]);

  if (!loggedIn) return <>{t(anonymousKey)}</>;
  if (info === null) return <span aria-busy="true">{t('price.loading')}</span>;
  const record = info === 'error' ? undefined : info.get(productNumber);
  if (!record) return <>{t('price.unavailable')}</>;
  const days = deliveryDays(record);
  const time = days === null || !showDeliveryTime ? null : deliveryTimeLabel(t, { ...days, unit: 'day' });
  const price = record.price === null ? null : decimalToMinorUnits(record.price);
  const quantity = record.quantity ?? 0;
  return (
    <span className="flex flex-col gap-0.5 text-ink" data-price-loaded>
      <span className="text-base font-semibold text-ink">
        {price === null ? (
          t('price.unavailable')
        ) : (
          <>
            {t('price.net', { price: money(price.minorUnits, PRICE_CURRENCY, { scale: price.scale }) })}
            {record.uom ? (
              <span className="text-xs font-normal text-muted"> / {unitName(i18n, 1, record.uom)}</span>
            ) : null}
          </>
        )}
      </span>
      {record.quantity !== null && (
        <span>
          {quantity > 0
            ? t('price.stock', { quantity: number(quantity, { maximumFractionDigits: 2 }) })
            : t('price.outOfStock')}
        </span>
      )}
      {time && <span>{t('price.deliveryTime', { time })}</span>}
    </span>
  );
}
