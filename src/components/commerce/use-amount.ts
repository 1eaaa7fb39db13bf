/**
 * Formatting Store API amounts (cart, order) with the surrounding translator's money formatter: two decimals, more
 * only for a unit price below a cent (src/lib/amount.ts).
 */
import { useCallback } from 'react';
import { useI18n } from '../../i18n/react.tsx';
import { amountToMinorUnits, STORE_CURRENCY } from '../../lib/amount.ts';

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
