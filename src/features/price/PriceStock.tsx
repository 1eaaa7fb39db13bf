import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $customer, isLoggedIn } from '../../lib/session/session-store.ts';
import {
  $articleInformation,
  deliveryDays,
  formatPrice,
  formatQuantity,
  loadArticleInformation,
} from './article-information.ts';

/** Texts with placeholders kept: `price.net` {price}, `price.stock` {quantity}, `price.deliveryTime` {time}, `price.days` {min} {max}. */
export interface PriceStockTexts {
  anonymous: string;
  net: string;
  stock: string;
  outOfStock: string;
  deliveryTime: string;
  days: string;
  /** `price.dayExact` {days}: a delivery time of exactly one day. */
  dayExact: string;
  /** `price.daysExact` {days}: a delivery time of exactly {days} days. */
  daysExact: string;
  loading: string;
  unavailable: string;
}

export interface PriceStockProps {
  productNumber: string;
  /** BCP 47 locale of the domain for number formatting, e.g. 'de-DE'. */
  locale: string;
  texts: PriceStockTexts;
}

const fill = (message: string, values: Record<string, string>) =>
  message.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);

/**
 * The price slot of a product card or page (spec §6: prices, detailed stock and delivery times only when logged
 * in). Renders the anonymous text on the server and for anonymous visitors, so catalogue HTML stays the same for
 * everyone; for a logged-in buyer it shows the net price (2 decimals, locale notation), the stock figure and the
 * delivery time from the page's one `article/information` call.
 */
export default function PriceStock({ productNumber, locale, texts }: PriceStockProps) {
  const customer = useStore($customer);
  const info = useStore($articleInformation);
  const loggedIn = isLoggedIn(customer);

  useEffect(() => {
    if (loggedIn) void loadArticleInformation();
  }, [loggedIn]);

  if (!loggedIn) return <>{texts.anonymous}</>;
  if (info === null) return <span aria-busy="true">{texts.loading}</span>;
  const record = info === 'error' ? undefined : info.get(productNumber);
  if (!record) return <>{texts.unavailable}</>;
  const days = deliveryDays(record);
  const time =
    days === null
      ? null
      : typeof days === 'string'
        ? days
        : days.min === days.max
          ? fill(days.min === 1 ? texts.dayExact : texts.daysExact, { days: String(days.min) })
          : fill(texts.days, { min: String(days.min), max: String(days.max) });
  const quantity = record.quantity ?? 0;
  return (
    <span className="flex flex-col gap-0.5 text-ink" data-price-loaded>
      <span className="text-base font-semibold text-ink">
        {record.price === null || record.price === undefined ? (
          texts.unavailable
        ) : (
          <>
            {fill(texts.net, { price: formatPrice(record.price, locale) })}
            {record.uom ? <span className="text-xs font-normal text-muted"> / {record.uom}</span> : null}
          </>
        )}
      </span>
      <span>{quantity > 0 ? fill(texts.stock, { quantity: formatQuantity(quantity, locale) }) : texts.outOfStock}</span>
      {time && <span>{fill(texts.deliveryTime, { time })}</span>}
    </span>
  );
}
