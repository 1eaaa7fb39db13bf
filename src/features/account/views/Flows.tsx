/**
 * Order flows (route /account/flows), for customers with ROLE_MANAGE_ORDER_FLOWS: the list (budget per user and
 * period, approval threshold, approvers and users; 20 a page) and delete after a confirmation; creating one is the
 * wizard (FlowWizard.tsx). Periods are 30-day (not calendar) months counted from the start date: the list says so
 * (src/i18n/budget-period.ts) and names each flow's current period.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { OrderFlow } from '../../../../contract/provider/order-flow.ts';
import { useAmount } from '../../../components/commerce/use-amount.ts';
import { ConfirmDialog } from '../../../components/ui/Dialog.tsx';
import { Button } from '../../../components/ui/form.tsx';
import { ListResult, Pager } from '../../../components/ui/ListKit.tsx';
import { ScrollTable } from '../../../components/ui/ScrollTable.tsx';
import { TableHead } from '../../../components/ui/TableHead.tsx';
import { useConfirmedAction, useNotify } from '../../../components/ui/use-action.ts';
import { budgetPeriodRule, budgetPeriodWindow } from '../../../i18n/budget-period.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { useResource } from '../../../lib/use-resource.ts';
import { deleteOrderFlow, listOrderFlows } from '../spending-api.ts';

const PAGE_SIZE = 20;

/** The list screen: the flows of the company with delete, and the link to the wizard. */
export function Flows() {
  const { t, locale } = useI18n();
  const amount = useAmount();
  const { notify, notifyError } = useNotify();
  const [page, setPage] = useState(1);
  const { data: result, reload } = useResource(String(page), () => listOrderFlows({ page, limit: PAGE_SIZE }), {
    keep: true,
    onError: (error) => {
      notifyError(error);
      return { elements: [], total: 0, page: 1, limit: PAGE_SIZE };
    },
  });

  const remove = useConfirmedAction(async (flow: OrderFlow) => {
    await deleteOrderFlow(flow.id);
    notify('success', t('general.success'), t('flows.deleted', { name: flow.name }));
    reload();
  });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('flows.title')}</h1>
        <Link to="/account/flows/create" className="rounded bg-primary px-4 py-2 text-sm font-semibold text-white">
          {t('flows.create')}
        </Link>
      </div>
      <ListResult result={result} emptyText={t('flows.empty')}>
        {(flows) => (
          <ScrollTable label={t('flows.title')} minWidth="min-w-[60rem]">
            <TableHead
              columns={[
                { label: t('flows.name') },
                { label: t('flows.budget'), numeric: true },
                { label: t('flows.period') },
                { label: t('flows.currentPeriod') },
                { label: t('flows.approveFrom'), numeric: true },
                { label: t('flows.approveFromPeriod'), numeric: true },
                { label: t('flows.approvers'), numeric: true },
                { label: t('flows.users'), numeric: true },
                { label: t('account.field.status') },
                { label: t('account.actions'), hiddenLabel: true, cell: 'py-2' },
              ]}
            />
            <tbody>
              {flows.map((f) => (
                <tr key={f.id} className="border-b border-gray-100">
                  <td className="py-2 pr-3 font-medium">{f.name}</td>
                  <td className="py-2 pr-3 text-right">{f.budget === null ? '–' : amount(f.budget)}</td>
                  <td className="py-2 pr-3">
                    {t(`flows.periods.${f.budgetPeriod}`)}
                    <span className="block text-xs text-gray-600">
                      {budgetPeriodRule(t, locale, {
                        period: f.budgetPeriod,
                        renewable: f.budgetRenewable,
                        startDate: f.startDate,
                        endDate: f.endDate,
                      })}
                    </span>
                  </td>
                  <td className="py-2 pr-3 text-sm">
                    {f.currentPeriod ? budgetPeriodWindow(t, locale, f.currentPeriod, false) : '–'}
                  </td>
                  <td className="py-2 pr-3 text-right">{f.approveFrom === null ? '–' : amount(f.approveFrom)}</td>
                  <td className="py-2 pr-3 text-right">
                    {f.approveFromPeriod === null ? '–' : amount(f.approveFromPeriod)}
                  </td>
                  <td className="py-2 pr-3 text-right">{f.approvers.length}</td>
                  <td className="py-2 pr-3 text-right">{f.users.length}</td>
                  <td className="py-2 pr-3">{f.active ? t('account.status.active') : t('account.status.inactive')}</td>
                  <td className="py-2 text-right">
                    <Button kind="danger" onClick={() => remove.ask(f)}>
                      <span aria-hidden="true">{t('account.delete')}</span>
                      <span className="sr-only">{t('flows.deleteNamed', { name: f.name })}</span>
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
          question={t('flows.confirmDelete', { name: remove.target.name })}
          busy={remove.busy}
          onCancel={remove.cancel}
          onConfirm={remove.confirm}
        />
      )}
    </div>
  );
}
