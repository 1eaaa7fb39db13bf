/**
 * Approval requests (route /account/approvals), for customers with ROLE_APPROVE_ORDER_FLOWS: the list with its
 * filters in the query string (status, term, page; page size 20, the term debounced 500 ms), approving or
 * disapproving one request or the selected ones, each after a confirmation, with one notification per request. The
 * decisions are approval-decision.tsx's, the detail is ApprovalDetail.tsx.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import {
  APPROVAL_LIST_DEFAULT_LIMIT,
  APPROVAL_STATUSES,
  type ApprovalStatusName,
} from '../../../../contract/provider/approvals.ts';
import { useAmount, useSeesPrices } from '../../../components/commerce/use-amount.ts';
import { Button, Select, TextField } from '../../../components/ui/form.tsx';
import { ListResult, Pager } from '../../../components/ui/ListKit.tsx';
import { ScrollTable } from '../../../components/ui/ScrollTable.tsx';
import { TableHead } from '../../../components/ui/TableHead.tsx';
import { useNotify } from '../../../components/ui/use-action.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { choiceParam, pageParam, textParam, urlCodec, useUrlState } from '../../../lib/url-state.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { listApprovals } from '../spending-api.ts';
import { approvalNumber, fullName, StatusBadge, useDecision } from './approval-decision.tsx';

/**
 * The list's query string: `status` (one of APPROVAL_STATUSES), `term` (as typed; sent trimmed) and `page`; unknown
 * values fall back to no filter and page 1.
 */
export const approvalListUrl = urlCodec({
  status: choiceParam(APPROVAL_STATUSES),
  term: textParam({ trim: false }),
  page: pageParam(),
});

/** The list screen: filters, the bulk decisions, the requests with their own decisions, and the pager. */
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
        method="get"
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

      <ListResult result={result} emptyText={t('approvals.empty')}>
        {(approvals) => (
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
              {approvals.map((a) => (
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
                  <td className="py-2 pr-3 text-right">
                    {a.remainingBudget === null ? '–' : amount(a.remainingBudget)}
                  </td>
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
      </ListResult>
      <Pager page={query.page} total={result?.total ?? 0} pageSize={APPROVAL_LIST_DEFAULT_LIMIT} onPage={setPage} />
      {dialog}
    </div>
  );
}
