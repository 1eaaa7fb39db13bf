/**
 * `/checkout/success?orderNumber=…`: the confirmation after an order, with its number and a link to the order in
 * the account's order history (`/account/orders/details/{orderNumber}`). `?approvalNumber=…`: the order needed an
 * approval, so the request with that number was sent to the buyer's approvers instead (docs/decisions/015).
 */
import { Link, useSearchParams } from 'react-router';
import { useI18n } from '../../i18n/react.tsx';

export function SuccessPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const orderNumber = params.get('orderNumber')?.trim() ?? '';
  const approvalNumber = params.get('approvalNumber')?.trim() ?? '';
  if (approvalNumber)
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-10">
        <h1 className="text-2xl font-bold">{t('checkout.spending.approvalTitle')}</h1>
        <p role="status">{t('checkout.spending.approvalSent', { approvalNumber })}</p>
      </div>
    );
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">{t('checkout.success.title')}</h1>
      {orderNumber ? (
        <>
          <p role="status">{t('checkout.success.orderNumber', { orderNumber })}</p>
          <Link
            to={`/account/orders/details/${encodeURIComponent(orderNumber)}`}
            className="self-start rounded bg-primary-dark px-4 py-2 text-sm font-semibold text-white"
          >
            {t('checkout.success.showOrder')}
          </Link>
        </>
      ) : (
        <p>{t('checkout.success.noOrder')}</p>
      )}
    </div>
  );
}
