/**
 * Users of the company (list with filters, create, detail and edit, delete, rights), for customers with
 * ROLE_MANAGE_CONTACTS. The list's filters live in the query string (customer-list-query.ts), so they survive a
 * reload; typed filters (texts, budgets) reach the URL after a 500 ms pause, the choices and the page at once (the
 * filter form is UserFilters.tsx). Each user shows the budget and remaining budget of their
 * order flow; holders of ROLE_MANAGE_ORDER_FLOWS also see the flow's name and assign a flow to the selected users
 * (at least one user and one flow).
 */
import { UserFilters } from './UserFilters.tsx';
import { ScrollTable } from '../../../components/ui/ScrollTable.tsx';
import { TableHead } from '../../../components/ui/TableHead.tsx';
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ListResult, Pager } from '../../../components/ui/ListKit.tsx';
import { useResource } from '../../../lib/use-resource.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import type { Customer } from '../../../lib/session/customer.ts';
import { deleteCustomers, listCustomers } from '../api.ts';
import type { OrderFlow, OrderFlowAssignRequest } from '../../../../contract/provider/order-flow.ts';
import { assignOrderFlow, listAllOrderFlows } from '../spending-api.ts';
import { ConfirmDialog } from '../../../components/ui/Dialog.tsx';
import { CUSTOMER_PAGE_SIZE, customerListUrl, toCustomerListCriteria } from '../customer-list-query.ts';
import { Button, Select } from '../../../components/ui/form.tsx';
import { useI18n } from '../../../i18n/react.tsx';
import { useAction, useConfirmedAction, useNotify } from '../../../components/ui/use-action.ts';
import { useLoggedIn } from '../session.tsx';

/** The right that shows the flows and lets a manager assign them. */
const MANAGE_ORDER_FLOWS = 'ROLE_MANAGE_ORDER_FLOWS';

/** Assigning a flow to the selected users: the flow choice and the button; checks one user and one flow first. */
function AssignFlow({
  flows,
  selected,
  onAssigned,
}: {
  flows: readonly OrderFlow[];
  selected: readonly string[];
  onAssigned: () => void;
}) {
  const { t } = useI18n();
  const { notify } = useNotify();
  const [flowId, setFlowId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { busy, run } = useAction(async (request: OrderFlowAssignRequest) => {
    const flow = await assignOrderFlow(request);
    notify('success', t('general.success'), t('flows.assign.done', { name: flow.name, count: request.users.length }));
    onAssigned();
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (selected.length === 0 || !flowId) {
      setError(t('flows.assign.required'));
      return;
    }
    setError(undefined);
    run({ flowId, users: [...selected] });
  }
  return (
    <form
      method="post"
      onSubmit={submit}
      aria-label={t('flows.assign.title')}
      noValidate
      className="flex flex-wrap items-end gap-2 rounded border border-gray-200 p-4"
    >
      <Select
        label={t('flows.assign.flow')}
        value={flowId}
        onValue={setFlowId}
        className="min-w-48"
        error={error}
        options={[
          { value: '', label: t('flows.assign.choose') },
          ...flows.map((f) => ({ value: f.id, label: f.name })),
        ]}
      />
      <div className="mb-1 flex items-center gap-2">
        <Button type="submit" busy={busy}>
          {t('flows.assign.submit', { count: selected.length })}
        </Button>
      </div>
    </form>
  );
}

/** The list screen: filters, the flow assignment, the users with delete, and the link to create one. */
export function Users() {
  const { t, locale } = useI18n();
  const { customer: me, rights } = useLoggedIn();
  const managesFlows = rights.includes(MANAGE_ORDER_FLOWS);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const { notify, notifyError } = useNotify();
  const { query, serialized, draft, update, setPage } = useUrlState(customerListUrl);

  const { data: result, reload: reloadUsers } = useResource(
    serialized,
    () => listCustomers(toCustomerListCriteria(query)),
    {
      keep: true,
      onError: (error) => {
        notifyError(error);
        return { customers: [], total: 0 };
      },
    },
  );
  const { data: flows, reload: reloadFlows } = useResource(managesFlows ? 'flows' : null, listAllOrderFlows, {
    keep: true,
    onError: (error) => {
      notifyError(error);
      return [];
    },
  });
  const reload = () => {
    reloadUsers();
    reloadFlows();
  };

  const flowOf = useMemo(() => {
    const byUser = new Map<string, string>();
    for (const flow of flows ?? []) for (const id of flow.users) byUser.set(id, flow.name);
    return byUser;
  }, [flows]);
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });

  const remove = useConfirmedAction(async (user: Customer) => {
    await deleteCustomers([user.id]);
    notify('success', t('general.success'), t('account.users.deleted'));
    reload();
  });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('account.nav.customer')}</h1>
        <Link to="/account/customer/create" className="rounded bg-primary px-4 py-2 text-sm font-semibold text-white">
          {t('account.users.create')}
        </Link>
      </div>
      <UserFilters serialized={serialized} draft={draft} update={update} />

      {managesFlows && flows && (
        <AssignFlow
          flows={flows}
          selected={[...selected]}
          onAssigned={() => {
            setSelected(new Set());
            reload();
          }}
        />
      )}
      <ListResult
        result={result && { elements: result.customers, total: result.total }}
        emptyText={t('account.users.empty')}
      >
        {(customers) => (
          <ScrollTable label={t('account.nav.customer')} minWidth="min-w-[40rem]">
            <TableHead
              columns={[
                managesFlows && { key: 'select', label: t('flows.assign.select'), hiddenLabel: true },
                { key: 'name', label: t('account.field.name') },
                { key: 'username', label: t('account.field.username') },
                { key: 'status', label: t('account.field.status') },
                { key: 'leadBuyer', label: t('account.field.leadBuyer') },
                managesFlows && { key: 'flow', label: t('flows.assign.flowColumn') },
                { key: 'budget', label: t('account.users.budget'), numeric: true },
                { key: 'budgetRemaining', label: t('account.users.budgetRemaining'), numeric: true },
                { key: 'actions', label: t('account.actions'), hiddenLabel: true, cell: 'py-2' },
              ]}
            />
            <tbody>
              {customers.map((c) => (
                <tr key={c.id} className="border-b border-gray-100">
                  {managesFlows && (
                    <td className="py-2 pr-3">
                      <input
                        type="checkbox"
                        aria-label={t('flows.assign.selectNamed', { name: `${c.firstName} ${c.lastName}` })}
                        checked={selected.has(c.id)}
                        onChange={(e) => toggle(c.id, e.target.checked)}
                        className="h-4 w-4 accent-primary"
                      />
                    </td>
                  )}
                  <td className="py-2 pr-3">
                    <Link
                      to={`/account/customer/details/${encodeURIComponent(c.id)}`}
                      className="font-medium text-primary hover:underline"
                    >
                      {c.firstName} {c.lastName}
                    </Link>
                  </td>
                  <td className="py-2 pr-3">{c.username}</td>
                  <td className="py-2 pr-3">{c.active ? t('account.status.active') : t('account.status.inactive')}</td>
                  <td className="py-2 pr-3">{c.leadBuyer ? t('account.yes') : t('account.no')}</td>
                  {managesFlows && <td className="py-2 pr-3">{flowOf.get(c.id) ?? '–'}</td>}
                  <td className="py-2 pr-3 text-right">{c.budget === null ? '–' : money.format(c.budget)}</td>
                  <td className="py-2 pr-3 text-right">
                    {c.budgetRemaining === null ? '–' : money.format(c.budgetRemaining)}
                  </td>
                  <td className="py-2 text-right">
                    {c.id !== me.id && (
                      <Button kind="danger" onClick={() => remove.ask(c)}>
                        <span aria-hidden="true">{t('account.delete')}</span>
                        <span className="sr-only">
                          {t('account.users.deleteNamed', { name: `${c.firstName} ${c.lastName}` })}
                        </span>
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </ListResult>
      <Pager page={query.page} total={result?.total ?? 0} pageSize={CUSTOMER_PAGE_SIZE} onPage={setPage} />
      {remove.target && (
        <ConfirmDialog
          open
          confirmLabel={t('account.delete')}
          cancelLabel={t('account.cancel')}
          question={t('account.users.confirmDelete', { name: `${remove.target.firstName} ${remove.target.lastName}` })}
          busy={remove.busy}
          onCancel={remove.cancel}
          onConfirm={remove.confirm}
        />
      )}
    </div>
  );
}
