/**
 * What a priced screen (an order, an offer, an approval request) shows in place of its totals to a customer without
 * ROLE_VIEW_PRICES, whom the Store API answers with every amount 0 (docs/decisions/014, "Buyers without
 * ROLE_VIEW_PRICES"): one row "Total: prices on request", in the translator's language.
 */
import { useI18n } from '../../i18n/react.tsx';

/** The totals list of a screen without prices; `className` places it as the priced totals would be placed. */
export function PricesOnRequestTotals({ className = 'text-sm' }: { className?: string }) {
  const { t } = useI18n();
  return (
    <dl className={className} aria-label={t('checkout.totals.label')}>
      <div className="flex justify-between gap-4 py-1 font-semibold">
        <dt>{t('checkout.totals.total')}</dt>
        <dd>{t('checkout.pricesOnRequest')}</dd>
      </div>
    </dl>
  );
}
