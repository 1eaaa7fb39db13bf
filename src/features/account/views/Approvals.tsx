/**
 * Approval requests (routes /account/approvals and /account/approvals/{slug}, slug = the request's id), for
 * customers with ROLE_APPROVE_ORDER_FLOWS: the list with its filters in the query string (status, term, page; page
 * size 20, the term debounced 500 ms), approving or disapproving one request or the selected ones, each after a
 * confirmation, with one notification per request; and the detail titled with the order (or approval) number and
 * the requester's full name. Decisions follow docs/decisions/015: each request is decided once, by an approver of
 * its flow or order reference who did not send it (`canDecide`); the requester may withdraw their own pending request
 * (`canWithdraw`), which releases its reserved budget, and a pending request shows when it expires.
 */
import { ScrollTable } from '../../../components/ui/ScrollTable.tsx';
import { TableHead } from '../../../components/ui/TableHead.tsx';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import {
  APPROVAL_LIST_DEFAULT_LIMIT,
  APPROVAL_STATUSES,
  type Approval,
  type ApprovalActionName,
  type ApprovalStatusName,
} from '../../../../contract/provider/approvals.ts';
import { useAmount, useSeesPrices } from '../../../components/commerce/use-amount.ts';
import { ConfirmDialog } from '../../../components/ui/Dialog.tsx';
import { Button, Card, Select, TextField } from '../../../components/ui/form.tsx';
import { useAction, useConfirmedAction, useNotify } from '../../../components/ui/use-action.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useI18n, type I18nValue } from '../../../i18n/react.tsx';
import { errorItemMessage } from '../../../lib/store-api/error-messages.ts';
import { choiceParam, pageParam, textParam, urlCodec, useUrlState } from '../../../lib/url-state.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { Loading, Pager } from '../../../components/ui/ListKit.tsx';
import { approveApproval, decideApprovals, fetchApproval, listApprovals, withdrawApproval } from '../spending-api.ts';

/**
 * The list's query string: `status` (one of APPROVAL_STATUSES), `term` (as typed; sent trimmed) and `page`; unknown
 * values fall back to no filter and page 1.
 */
export const approvalListUrl = urlCodec({
  status: choiceParam(APPROVAL_STATUSES),
  term: textParam({ trim: false }),
  page: pageParam(),
});

/** The number the requester and approver know a request by: the order's once approved, else the request's. */
export const approvalNumber = (approval: Approval): string => approval.orderNumber ?? approval.approvalNumber;

const fullName = (approval: Approval): string => `${approval.requester.firstName} ${approval.requester.lastName}`;

/** A pending decision awaiting its confirmation. */
interface PendingDecision {
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
function useDecision(onDone: () => void) {
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

function StatusBadge({ status }: { status: ApprovalStatusName }) {
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

export function Approvals() {
  const i18n = useI18n();
  const { t, locale } = i18n;
  const amount = useAmount();
  const seesPrices = useSeesPrices();
  const { notifyError } = useNotify();
  const { query, serialized, draft, update, setPage } = useUrlState(approvalListUrl);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const { data: result, reload } = useResource(
    serialized,
    () =>
      listApprovals({
        page: query.page,
        limit: APPROVAL_LIST_DEFAULT_LIMIT,
        ...(query.status ? { status: query.status } : {}),
        ...(query.term.trim() ? { term: query.term.trim() } : {}),
      }),
    {
      keep: true,
      onLoad: () => setSelected(new Set()),
      onError: (error) => {
        notifyError(error);
        return { elements: [], total: 0, page: 1, limit: APPROVAL_LIST_DEFAULT_LIMIT };
      },
    },
  );
  const { ask, dialog } = useDecision(reload);

  const decidable = (result?.elements ?? []).filter((a) => a.canDecide);
  const chosen = decidable.filter((a) => selected.has(a.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('approvals.title')}</h1>
      <form
        role="search"
        aria-label={t('approvals.filters')}
        onSubmit={(e) => e.preventDefault()}
        className="grid gap-4 rounded border border-gray-200 p-4 sm:grid-cols-2"
      >
        <TextField
          type="search"
          label={t('approvals.search')}
          value={draft.term}
          onValue={(term) => update({ term })}
          className=""
        />
        <Select
          label={t('approvals.statusFilter')}
          value={draft.status}
          onValue={(status) => update({ status: status as ApprovalStatusName | '' })}
          className=""
          options={[
            { value: '', label: t('approvals.status.any') },
            ...APPROVAL_STATUSES.map((s) => ({ value: s, label: t(`approvals.status.${s}`) })),
          ]}
        />
      </form>

      {decidable.length > 0 && (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('approvals.bulk')}>
          <span className="text-sm text-gray-700" aria-live="polite">
            {t('approvals.selectedCount', { count: chosen.length })}
          </span>
          <Button disabled={chosen.length === 0} onClick={() => ask({ action: 'approve', approvals: chosen })}>
            {t('approvals.approveSelected')}
          </Button>
          <Button
            kind="danger"
            disabled={chosen.length === 0}
            onClick={() => ask({ action: 'decline', approvals: chosen })}
          >
            {t('approvals.declineSelected')}
          </Button>
        </div>
      )}

      {result === null ? (
        <Loading />
      ) : result.elements.length === 0 ? (
        <p className="text-sm text-gray-600">{t('approvals.empty')}</p>
      ) : (
        <ScrollTable label={t('approvals.title')} minWidth="min-w-[56rem]">
          <TableHead
            columns={[
              {
                label: (
                  <input
                    type="checkbox"
                    aria-label={t('approvals.selectAll')}
                    disabled={decidable.length === 0}
                    checked={decidable.length > 0 && chosen.length === decidable.length}
                    onChange={(e) => setSelected(new Set(e.target.checked ? decidable.map((a) => a.id) : []))}
                    className="h-4 w-4 accent-primary"
                  />
                ),
              },
              { label: t('approvals.number') },
              { label: t('approvals.orderName') },
              { label: t('approvals.requester') },
              { label: t('approvals.flow') },
              seesPrices && { label: t('approvals.amount'), numeric: true },
              { label: t('approvals.openBudget'), numeric: true },
              { label: t('approvals.remainingBudget'), numeric: true },
              { label: t('approvals.orderDate') },
              { label: t('approvals.statusFilter') },
              { label: t('account.actions'), hiddenLabel: true, cell: 'py-2' },
            ]}
          />
          <tbody>
            {result.elements.map((a) => (
              <tr key={a.id} className="border-b border-gray-100 align-top">
                <td className="py-2 pr-3">
                  {a.canDecide && (
                    <input
                      type="checkbox"
                      aria-label={t('approvals.select', { number: approvalNumber(a) })}
                      checked={selected.has(a.id)}
                      onChange={(e) => toggle(a.id, e.target.checked)}
                      className="h-4 w-4 accent-primary"
                    />
                  )}
                </td>
                <td className="py-2 pr-3">
                  <Link
                    to={`/account/approvals/${encodeURIComponent(a.id)}`}
                    className="font-medium text-primary hover:underline"
                  >
                    {approvalNumber(a)}
                  </Link>
                </td>
                <td className="py-2 pr-3">{a.orderName ?? '–'}</td>
                <td className="py-2 pr-3">
                  {fullName(a)}
                  <span className="block text-xs text-gray-600">{a.requester.username}</span>
                </td>
                <td className="py-2 pr-3">{a.flowName ?? '–'}</td>
                {seesPrices && <td className="py-2 pr-3 text-right">{amount(a.amountNet)}</td>}
                <td className="py-2 pr-3 text-right">{a.openBudget === null ? '–' : amount(a.openBudget)}</td>
                <td className="py-2 pr-3 text-right">{a.remainingBudget === null ? '–' : amount(a.remainingBudget)}</td>
                <td className="py-2 pr-3">{formatDate(a.orderDate, locale)}</td>
                <td className="py-2 pr-3">
                  <StatusBadge status={a.status} />
                </td>
                <td className="py-2">
                  {a.canDecide && (
                    <div className="flex gap-2">
                      <Button onClick={() => ask({ action: 'approve', approvals: [a] })}>
                        <span aria-hidden="true">{t('approvals.approve')}</span>
                        <span className="sr-only">{t('approvals.approveNamed', { number: approvalNumber(a) })}</span>
                      </Button>
                      <Button kind="danger" onClick={() => ask({ action: 'decline', approvals: [a] })}>
                        <span aria-hidden="true">{t('approvals.decline')}</span>
                        <span className="sr-only">{t('approvals.declineNamed', { number: approvalNumber(a) })}</span>
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      <Pager page={query.page} total={result?.total ?? 0} pageSize={APPROVAL_LIST_DEFAULT_LIMIT} onPage={setPage} />
      {dialog}
    </div>
  );
}

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
