/**
 * Order references (route /account/orderreferences), for customers with ROLE_MANAGE_ORDER_REFERENCES: the list with
 * its remaining budgets, searched by name (the term applies QUERY_DEBOUNCE_MS after the typing stops and goes back to
 * page 1), 20 a page, and delete after a confirmation (docs/decisions/015). Create and edit are
 * OrderReferenceForm.tsx.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { OrderReference } from '../../../../contract/provider/order-reference.ts';
import { useAmount } from '../../../components/commerce/use-amount.ts';
import { ConfirmDialog } from '../../../components/ui/Dialog.tsx';
import { Button, TextField } from '../../../components/ui/form.tsx';
import { ListResult, Pager } from '../../../components/ui/ListKit.tsx';
import { ScrollTable } from '../../../components/ui/ScrollTable.tsx';
import { TableHead } from '../../../components/ui/TableHead.tsx';
import { useConfirmedAction, useNotify } from '../../../components/ui/use-action.ts';
import { budgetPeriodRule, budgetPeriodWindow } from '../../../i18n/budget-period.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { QUERY_DEBOUNCE_MS } from '../../../lib/url-state.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { deleteOrderReference, listOrderReferences } from '../spending-api.ts';

const PAGE_SIZE = 20;

/** The list screen: search, the references with their budgets and delete, and the link to create one. */
export function OrderReferences() {
  const { t, locale } = useI18n();
  const amount = useAmount();
  const { notify, notifyError } = useNotify();
  const [term, setTerm] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(term.trim());
      setPage(1);
    }, QUERY_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);

  const { data: result, reload } = useResource(
    JSON.stringify([page, search]),
    () => listOrderReferences({ page, limit: PAGE_SIZE, ...(search ? { term: search } : {}) }),
    {
      keep: true,
      onError: (error) => {
        notifyError(error);
        return { elements: [], total: 0, page: 1, limit: PAGE_SIZE };
      },
    },
  );

  const remove = useConfirmedAction(async (reference: OrderReference) => {
    await deleteOrderReference(reference.id);
    notify('success', t('general.success'), t('orderReferences.deleted', { name: reference.name }));
    reload();
  });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('orderReferences.title')}</h1>
        <Link
          to="/account/orderreferences/create"
          className="rounded bg-primary px-4 py-2 text-sm font-semibold text-white"
        >
          {t('orderReferences.create')}
        </Link>
      </div>
      <div className="max-w-md">
        <TextField type="search" label={t('orderReferences.search')} value={term} onValue={setTerm} />
      </div>
      <ListResult result={result} emptyText={t('orderReferences.empty')}>
        {(references) => (
          <ScrollTable label={t('orderReferences.title')} minWidth="min-w-[44rem]">
            <TableHead
              columns={[
                { label: t('orderReferences.nameColumn') },
                { label: t('orderReferences.createdBy') },
                { label: t('orderReferences.period') },
                { label: t('orderReferences.budget'), numeric: true },
                { label: t('orderReferences.remainingBudget'), numeric: true },
                { label: t('orderReferences.validity') },
                { label: t('account.actions'), hiddenLabel: true, cell: 'py-2' },
              ]}
            />
            <tbody>
              {references.map((r) => (
                <tr key={r.id} className="border-b border-gray-100">
                  <td className="py-2 pr-3">
                    <Link
                      to={`/account/orderreferences/details/${encodeURIComponent(r.id)}`}
                      className="font-medium text-primary hover:underline"
                    >
                      {r.name}
                    </Link>
                    {!r.active && <span className="ml-2 text-xs text-gray-600">({t('account.status.inactive')})</span>}
                  </td>
                  <td className="py-2 pr-3">
                    {r.createdBy ? `${r.createdBy.firstName} ${r.createdBy.lastName}` : '–'}
                  </td>
                  <td className="py-2 pr-3">
                    {t(`orderReferences.periods.${r.period}`)}
                    <span className="block text-xs text-gray-600">{budgetPeriodRule(t, locale, r)}</span>
                  </td>
                  <td className="py-2 pr-3 text-right">{r.budget === null ? '–' : amount(r.budget)}</td>
                  <td className="py-2 pr-3 text-right">
                    {r.remainingBudget === null ? '–' : amount(r.remainingBudget)}
                    {r.currentPeriod && (
                      <span className="block text-xs text-gray-600">
                        {budgetPeriodWindow(t, locale, r.currentPeriod)}
                      </span>
                    )}
                  </td>
                  <td className="py-2 pr-3">
                    {formatDate(r.startDate, locale)}
                    {r.endDate ? ` – ${formatDate(r.endDate, locale)}` : ''}
                  </td>
                  <td className="py-2 text-right">
                    <Button kind="danger" onClick={() => remove.ask(r)}>
                      <span aria-hidden="true">{t('account.delete')}</span>
                      <span className="sr-only">{t('orderReferences.deleteNamed', { name: r.name })}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </ListResult>
      <Pager page={page} total={result?.total ?? 0} pageSize={PAGE_SIZE} onPage={setPage} />
      {remove.target && (
        <ConfirmDialog
          open
          confirmLabel={t('account.delete')}
          cancelLabel={t('account.cancel')}
          question={t('orderReferences.confirmDelete', { name: remove.target.name })}
          busy={remove.busy}
          onCancel={remove.cancel}
          onConfirm={remove.confirm}
        />
      )}
    </div>
  );
}
