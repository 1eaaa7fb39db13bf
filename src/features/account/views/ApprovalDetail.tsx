/**
 * One approval request (route /account/approvals/{slug}, slug = the request's id), for customers with
 * ROLE_APPROVE_ORDER_FLOWS: titled with the order (or approval) number and the requester's full name, its order data
 * and lines and, while it may be decided, approve and disapprove (approval-decision.tsx). The requester may withdraw
 * their own pending request (`canWithdraw`, docs/decisions/015), which releases its reserved budget, and a pending
 * request shows when it expires.
 */
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { Approval } from '../../../../contract/provider/approvals.ts';
import { useAmount, useSeesPrices } from '../../../components/commerce/use-amount.ts';
import { ConfirmDialog } from '../../../components/ui/Dialog.tsx';
import { Button, Card } from '../../../components/ui/form.tsx';
import { Loading } from '../../../components/ui/ListKit.tsx';
import { ScrollTable } from '../../../components/ui/ScrollTable.tsx';
import { TableHead } from '../../../components/ui/TableHead.tsx';
import { useConfirmedAction, useNotify } from '../../../components/ui/use-action.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { useResource } from '../../../lib/use-resource.ts';
import { fetchApproval, withdrawApproval } from '../spending-api.ts';
import { approvalNumber, fullName, StatusBadge, useDecision } from './approval-decision.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-1 sm:flex-row sm:gap-4">
      <dt className="font-semibold sm:w-48">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** The detail of one request: its order data, lines and, while it may be decided, approve and disapprove. */
export function ApprovalDetail() {
  const { t, locale } = useI18n();
  const amount = useAmount();
  const seesPrices = useSeesPrices();
  const { slug = '' } = useParams();
  const { notify, notifyError } = useNotify();
  const {
    data: approval,
    loading,
    reload,
  } = useResource(slug, () => fetchApproval(slug), {
    keep: true,
    onError: (failure) => {
      notifyError(failure);
      return null;
    },
  });
  const { ask, dialog } = useDecision(reload);
  const withdraw = useConfirmedAction(async (target: Approval) => {
    try {
      const done = await withdrawApproval(target.id);
      notify('success', t('general.success'), t('approvals.withdrawnOne', { number: done.approvalNumber }));
    } finally {
      reload();
    }
  });

  const back = (
    <Link to="/account/approvals" className="self-start text-sm text-primary underline">
      {t('approvals.back')}
    </Link>
  );
  if (approval === null && loading) return <Loading />;
  if (approval === null)
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm">{t('approvals.notFound')}</p>
        {back}
      </div>
    );

  const address = approval.shippingAddress;
  const pickup = approval.pickupLocation;
  return (
    <div className="flex flex-col gap-6">
      {back}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">
          {t('approvals.detailTitle', { number: approvalNumber(approval), name: fullName(approval) })}
        </h1>
        <StatusBadge status={approval.status} />
      </div>
      {approval.canDecide && (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => ask({ action: 'approve', approvals: [approval] })}>{t('approvals.approve')}</Button>
          <Button kind="danger" onClick={() => ask({ action: 'decline', approvals: [approval] })}>
            {t('approvals.decline')}
          </Button>
        </div>
      )}
      {approval.canWithdraw && (
        <div className="flex flex-wrap gap-2">
          <Button kind="secondary" onClick={() => withdraw.ask(approval)}>
            {t('approvals.withdraw')}
          </Button>
        </div>
      )}
      <Card title={t('approvals.orderData')}>
        <dl className="text-sm">
          <Row label={t('approvals.requester')}>
            {fullName(approval)} ({approval.requester.username})
          </Row>
          <Row label={t('approvals.orderDate')}>{formatDate(approval.orderDate, locale)}</Row>
          {approval.expiresAt && <Row label={t('approvals.expiresAt')}>{formatDate(approval.expiresAt, locale)}</Row>}
          <Row label={t('approvals.flow')}>{approval.flowName ?? '–'}</Row>
          {seesPrices ? (
            <>
              <Row label={t('approvals.amount')}>{amount(approval.amountNet)}</Row>
              <Row label={t('approvals.amountTotal')}>{amount(approval.amountTotal)}</Row>
            </>
          ) : (
            <Row label={t('approvals.amount')}>{t('checkout.pricesOnRequest')}</Row>
          )}
          <Row label={t('approvals.openBudget')}>
            {approval.openBudget === null ? '–' : amount(approval.openBudget)}
          </Row>
          <Row label={t('approvals.remainingBudget')}>
            {approval.remainingBudget === null ? '–' : amount(approval.remainingBudget)}
          </Row>
          <Row label={t('approvals.orderReference')}>{approval.orderReference ?? '–'}</Row>
          <Row label={t('approvals.fileNumber')}>{approval.fileNumber ?? '–'}</Row>
          <Row label={t('approvals.remark')}>{approval.remark ?? '–'}</Row>
          <Row label={t('approvals.shippingOption')}>{t(`approvals.shippingOption.${approval.shippingOption}`)}</Row>
          {address && (
            <Row label={t('approvals.shippingAddress')}>
              {[
                address.company,
                address.name,
                [address.street, address.houseNumber, address.box].filter(Boolean).join(' '),
                `${address.zipcode} ${address.city}`,
                address.countryCode,
              ]
                .filter(Boolean)
                .join(', ')}
            </Row>
          )}
          {pickup && (
            <Row label={t('approvals.pickupLocation')}>
              {`${pickup.name}, ${pickup.street}, ${pickup.zipcode} ${pickup.city}`}
            </Row>
          )}
          <Row label={t('approvals.shippingMethod')}>{approval.shippingMethod ?? '–'}</Row>
          <Row label={t('approvals.shippingDate')}>
            {approval.shippingDate ? formatDate(approval.shippingDate, locale) : '–'}
          </Row>
          {approval.decidedBy && approval.decidedAt && (
            <Row label={t('approvals.decided')}>
              {t('approvals.decidedBy', {
                name: `${approval.decidedBy.firstName} ${approval.decidedBy.lastName}`,
                date: formatDate(approval.decidedAt, locale),
              })}
            </Row>
          )}
        </dl>
      </Card>
      <Card title={t('approvals.lines')}>
        <ScrollTable label={t('approvals.lines')} minWidth="min-w-[36rem]">
          <TableHead
            columns={[
              { label: t('approvals.line.product') },
              { label: t('approvals.line.sku') },
              { label: t('approvals.line.quantity'), numeric: true },
              seesPrices && { label: t('approvals.line.unitPrice'), numeric: true },
              seesPrices && { label: t('approvals.line.totalPrice'), numeric: true },
              { label: t('approvals.line.comment'), cell: 'py-2' },
            ]}
          />
          <tbody>
            {approval.lines.map((line) => (
              <tr key={`${line.productId}-${line.sku}`} className="border-b border-gray-100">
                <td className="py-2 pr-3">{line.productName}</td>
                <td className="py-2 pr-3">{line.sku}</td>
                <td className="py-2 pr-3 text-right">{line.quantity}</td>
                {seesPrices && (
                  <>
                    <td className="py-2 pr-3 text-right">{amount(line.unitPrice)}</td>
                    <td className="py-2 pr-3 text-right">{amount(line.totalPrice)}</td>
                  </>
                )}
                <td className="py-2">{line.comment ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </Card>
      {dialog}
      {withdraw.target && (
        <ConfirmDialog
          open
          question={t('approvals.confirmWithdraw', { number: approvalNumber(withdraw.target) })}
          confirmLabel={t('approvals.withdraw')}
          cancelLabel={t('account.cancel')}
          busy={withdraw.busy}
          onCancel={withdraw.cancel}
          onConfirm={withdraw.confirm}
        />
      )}
    </div>
  );
}
