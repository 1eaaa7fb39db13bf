/**
 * Formatting Store API amounts (cart, order) with the surrounding translator's money formatter: two decimals, more
 * only for a unit price below a cent (src/lib/amount.ts); and whether the session's customer sees prices at all.
 */
import { useStore } from '@nanostores/react';
import { useCallback } from 'react';
import { useI18n } from '../../i18n/react.tsx';
import { amountToMinorUnits, STORE_CURRENCY } from '../../lib/amount.ts';
import { $customer, hasRight } from '../../lib/session/session-store.ts';

/**
 * The right to see prices (contract/rights.ts). Without it the Store API answers carts, orders, histories, offers,
 * invoices and approvals with every amount 0 (docs/decisions/014, "Buyers without ROLE_VIEW_PRICES"): a screen shows
 * "prices on request" or leaves the amount columns out instead of 0 €, and offers no priced PDF.
 */
export const VIEW_PRICES_RIGHT = 'ROLE_VIEW_PRICES';

/** Whether the logged-in customer of the session store holds ROLE_VIEW_PRICES (false while anonymous). */
export function useSeesPrices(): boolean {
  return hasRight(VIEW_PRICES_RIGHT, useStore($customer));
}

/** A function that formats a euro amount of the Store API (e.g. `12.5` → "€12.50" in en-GB). */
export function useAmount(): (value: number, currency?: string) => string {
  const { money } = useI18n();
  return useCallback(
    (value: number, currency: string = STORE_CURRENCY) => {
      const { minorUnits, scale } = amountToMinorUnits(value);
      return money(minorUnits, currency, { scale });
    },
    [money],
  );
}
