/**
 * Deciding approval requests, shared by the list (Approvals.tsx) and the detail (ApprovalDetail.tsx): the number a
 * request is known by, the confirmation of a decision and its calls with one notification per request, and the status
 * badge. Decisions follow docs/decisions/015: each request is decided once, by an approver of its flow or order
 * reference who did not send it (`canDecide`).
 */
import { useState } from 'react';
import type { Approval, ApprovalActionName, ApprovalStatusName } from '../../../../contract/provider/approvals.ts';
import { ConfirmDialog } from '../../../components/ui/Dialog.tsx';
import { useAction, useNotify } from '../../../components/ui/use-action.ts';
import { useI18n, type I18nValue } from '../../../i18n/react.tsx';
import { errorItemMessage } from '../../../lib/store-api/error-messages.ts';
import { approveApproval, decideApprovals } from '../spending-api.ts';

/** The number the requester and approver know a request by: the order's once approved, else the request's. */
export const approvalNumber = (approval: Approval): string => approval.orderNumber ?? approval.approvalNumber;

export const fullName = (approval: Approval): string =>
  `${approval.requester.firstName} ${approval.requester.lastName}`;

/** A pending decision awaiting its confirmation. */
export interface PendingDecision {
  action: ApprovalActionName;
  approvals: Approval[];
}

/**
 * Decides the requests of `pending` (one approve through `…/order/approve/{id}`, else the bulk call) and shows one
 * notification per request; resolves when done.
 */
async function decide(
  pending: PendingDecision,
  i18n: I18nValue,
  notify: ReturnType<typeof useNotify>['notify'],
): Promise<void> {
  const { t } = i18n;
  const [single] = pending.approvals;
  if (pending.action === 'approve' && single && pending.approvals.length === 1) {
    const decision = await approveApproval(single.id);
    notify(
      'success',
      t('general.success'),
      t('approvals.approvedOne', { number: decision.approvalNumber, orderNumber: decision.orderNumber ?? '' }),
    );
    return;
  }
  const byId = new Map(pending.approvals.map((a) => [a.id, a]));
  const { results } = await decideApprovals({
    actions: pending.approvals.map((a) => ({ id: a.id, action: pending.action })),
  });
  for (const result of results) {
    const known = byId.get(result.id);
    const number = result.outcome?.approvalNumber ?? (known ? approvalNumber(known) : result.id);
    if (result.outcome?.status === 'approved') {
      notify(
        'success',
        t('general.success'),
        t('approvals.approvedOne', { number, orderNumber: result.outcome.orderNumber ?? '' }),
      );
    } else if (result.outcome?.status === 'declined') {
      notify('success', t('general.success'), t('approvals.declinedOne', { number }));
    } else if (result.error) {
      notify(
        'error',
        t('general.error'),
        t('approvals.failedOne', { number, message: errorItemMessage({ ...result.error, title: '' }, i18n) }),
      );
    }
  }
}

/** The confirmation of a decision and the call after it; `onDone` reloads the screen. */
export function useDecision(onDone: () => void) {
  const i18n = useI18n();
  const { notify } = useNotify();
  const [pending, setPending] = useState<PendingDecision | null>(null);
  // Decided or failed, the question closes and the screen reloads.
  const { busy, run } = useAction(async (decision: PendingDecision) => {
    try {
      await decide(decision, i18n, notify);
    } finally {
      setPending(null);
      onDone();
    }
  });
  const { t } = i18n;
  const question = !pending
    ? ''
    : pending.approvals.length === 1
      ? t(pending.action === 'approve' ? 'approvals.confirmApprove' : 'approvals.confirmDecline', {
          number: approvalNumber(pending.approvals[0]!),
          name: fullName(pending.approvals[0]!),
        })
      : t(pending.action === 'approve' ? 'approvals.confirmApproveMany' : 'approvals.confirmDeclineMany', {
          count: pending.approvals.length,
        });
  const dialog = pending && (
    <ConfirmDialog
      open
      question={question}
      confirmLabel={t(pending.action === 'approve' ? 'approvals.approve' : 'approvals.decline')}
      cancelLabel={t('account.cancel')}
      busy={busy}
      onCancel={() => setPending(null)}
      onConfirm={() => run(pending)}
    />
  );
  return { ask: setPending, dialog };
}

export function StatusBadge({ status }: { status: ApprovalStatusName }) {
  const { t } = useI18n();
  const tone =
    status === 'approved'
      ? 'bg-green-100 text-green-900'
      : status === 'declined'
        ? 'bg-red-100 text-red-900'
        : status === 'pending'
          ? 'bg-amber-100 text-amber-900'
          : 'bg-gray-200 text-gray-900';
  return <span className={`rounded px-2 py-0.5 text-xs font-semibold ${tone}`}>{t(`approvals.status.${status}`)}</span>;
}
