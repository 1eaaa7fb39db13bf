/**
 * Order flows (routes /account/flows and /account/flows/create), for customers with ROLE_MANAGE_ORDER_FLOWS: the
 * list (budget per user and period, approval threshold, approvers and users), delete after a confirmation, and the
 * creation wizard: name, budget (amount, period weekly, monthly, yearly or custom with start and end date,
 * transfer of the remainder, renewable, the threshold per order `approveFrom` and per period `approveFromPeriod`),
 * approvers, users, then a success step. Periods are 30-day (not calendar) months counted from the start date: the
 * list and the wizard say so (src/i18n/budget-period.ts) and the list names each flow's current period.
 * Setting budget fields needs ROLE_MANAGE_BUDGETS and approvers ROLE_MANAGE_APPROVERS (contract/provider/
 * order-flow.ts); without them the wizard leaves those fields to the server's defaults.
 */
import { Loading, Pager } from '../../../components/ui/ListKit.tsx';
import { useResource } from '../../../lib/use-resource.ts';
import { ScrollTable } from '../../../components/ui/ScrollTable.tsx';
import { TableHead } from '../../../components/ui/TableHead.tsx';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ORDER_FLOW_NAME_MAX_LENGTH,
  ORDER_FLOW_PERIODS,
  type OrderFlow,
  type OrderFlowPeriod,
  type OrderFlowRequest,
} from '../../../../contract/provider/order-flow.ts';
import { shopToday } from '../../../../contract/order.ts';
import { useAmount } from '../../../components/commerce/use-amount.ts';
import { ConfirmDialog } from '../../../components/ui/Dialog.tsx';
import { Button, Card, Checkbox, Select, TextField } from '../../../components/ui/form.tsx';
import { useAction, useConfirmedAction, useNotify } from '../../../components/ui/use-action.ts';
import { budgetPeriodRule, budgetPeriodWindow } from '../../../i18n/budget-period.ts';
import { useI18n } from '../../../i18n/react.tsx';
import type { FieldErrors } from '../../../lib/forms/validation.ts';
import { budgetFieldErrors, parseBudget } from '../budget-form.ts';
import { useLoggedIn } from '../session.tsx';
import { createOrderFlow, deleteOrderFlow, listOrderFlows } from '../spending-api.ts';
import { CancelLink } from './CancelLink.tsx';
import { DateField } from './DateField.tsx';
import { MemberPicker, useCompanyUsers } from './MemberPicker.tsx';

const PAGE_SIZE = 20;

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
      {result === null ? (
        <Loading />
      ) : result.elements.length === 0 ? (
        <p className="text-sm text-gray-600">{t('flows.empty')}</p>
      ) : (
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
            {result.elements.map((f) => (
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

/** The wizard's values. */
interface FlowValues {
  name: string;
  budget: string;
  period: OrderFlowPeriod;
  startDate: string;
  endDate: string;
  budgetTransfer: boolean;
  budgetRenewable: boolean;
  approveFrom: string;
  approveFromPeriod: string;
  approvers: string[];
  users: string[];
}

/** The wizard's steps in order; `success` ends it. */
const STEPS = ['name', 'budget', 'approvers', 'users', 'success'] as const;
type Step = (typeof STEPS)[number];

/** The request body for the wizard's values (checked before); budget and approver fields only with their rights. */
export function toOrderFlowRequest(
  values: FlowValues,
  { budgets, approvers }: { budgets: boolean; approvers: boolean },
): OrderFlowRequest {
  return {
    name: values.name.trim(),
    startDate: values.startDate,
    endDate: values.endDate || null,
    users: values.users,
    ...(budgets
      ? {
          budget: values.budget.trim() === '' ? null : parseBudget(values.budget),
          budgetPeriod: values.period,
          budgetTransfer: values.budgetTransfer,
          budgetRenewable: values.budgetRenewable,
          approveFrom: values.approveFrom.trim() === '' ? null : parseBudget(values.approveFrom),
          approveFromPeriod: values.approveFromPeriod.trim() === '' ? null : parseBudget(values.approveFromPeriod),
        }
      : {}),
    ...(approvers ? { approvers: values.approvers } : {}),
  };
}

/** The creation wizard: one step at a time, each checked before the next; the last sends the flow. */
export function FlowWizard() {
  const { t, locale } = useI18n();
  const { rights } = useLoggedIn();
  const users = useCompanyUsers();
  const mayBudget = rights.includes('ROLE_MANAGE_BUDGETS');
  const mayApprovers = rights.includes('ROLE_MANAGE_APPROVERS');
  const [step, setStep] = useState<Step>('name');
  const [created, setCreated] = useState<OrderFlow | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [values, setValues] = useState<FlowValues>({
    name: '',
    budget: '',
    period: 'monthly',
    startDate: shopToday(),
    endDate: '',
    budgetTransfer: false,
    budgetRenewable: true,
    approveFrom: '',
    approveFromPeriod: '',
    approvers: [],
    users: [],
  });
  const set = <K extends keyof FlowValues>(key: K, value: FlowValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const { busy, run } = useAction(
    async (request: OrderFlowRequest) => {
      setCreated(await createOrderFlow(request));
      setStep('success');
    },
    {
      fields: ['name', 'budget', 'budgetPeriod', 'startDate', 'endDate', 'approveFrom', 'approveFromPeriod'],
      onFieldErrors: setErrors,
    },
  );

  function check(current: Step): FieldErrors {
    if (current === 'name') {
      const name = values.name.trim();
      if (!name) return { name: t('validation.required') };
      if (name.length > ORDER_FLOW_NAME_MAX_LENGTH)
        return { name: t('validation.maxLength', { max: ORDER_FLOW_NAME_MAX_LENGTH }) };
      return {};
    }
    if (current === 'budget') {
      const found: FieldErrors = budgetFieldErrors(values, t, {
        budgetRequired: false,
        budgetKey: 'flows.validation.amount',
        endDateKey: 'flows.validation.endDate',
      });
      if (!found.endDate && !values.budgetRenewable && !values.endDate) found.endDate = t('validation.required');
      if (values.approveFrom.trim() !== '' && Number.isNaN(parseBudget(values.approveFrom)))
        found.approveFrom = t('flows.validation.amount');
      if (values.approveFromPeriod.trim() !== '' && Number.isNaN(parseBudget(values.approveFromPeriod)))
        found.approveFromPeriod = t('flows.validation.amount');
      return found;
    }
    return {};
  }

  const index = STEPS.indexOf(step);
  function next(event: FormEvent) {
    event.preventDefault();
    const found = check(step);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (step === 'users') run(toOrderFlowRequest(values, { budgets: mayBudget, approvers: mayApprovers }));
    else setStep(STEPS[index + 1]!);
  }

  if (step === 'success')
    return (
      <Card title={t('flows.wizard.success')}>
        <p role="status" className="mb-4 text-sm">
          {t('flows.wizard.created', { name: created?.name ?? values.name })}
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to="/account/flows" className="rounded bg-primary px-4 py-2 text-sm font-semibold text-white">
            {t('flows.wizard.toList')}
          </Link>
        </div>
      </Card>
    );

  let content: ReactNode;
  if (step === 'name') {
    content = (
      <TextField
        label={t('flows.name')}
        required
        value={values.name}
        onValue={(name) => set('name', name)}
        maxLength={ORDER_FLOW_NAME_MAX_LENGTH}
        error={errors.name}
      />
    );
  } else if (step === 'budget') {
    content = !mayBudget ? (
      <p className="mb-4 text-sm">{t('flows.wizard.noBudgetRight')}</p>
    ) : (
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          label={t('flows.budgetField')}
          inputMode="decimal"
          value={values.budget}
          onValue={(budget) => set('budget', budget)}
          error={errors.budget}
        />
        <Select
          label={t('flows.period')}
          value={values.period}
          onValue={(period) => set('period', period as OrderFlowPeriod)}
          options={ORDER_FLOW_PERIODS.map((p) => ({ value: p, label: t(`flows.periods.${p}`) }))}
          error={errors.budgetPeriod}
        />
        <DateField
          label={t('flows.startDate')}
          required
          value={values.startDate}
          onValue={(startDate) => set('startDate', startDate)}
          error={errors.startDate}
        />
        <DateField
          label={t('flows.endDate')}
          required={values.period === 'custom' || !values.budgetRenewable}
          value={values.endDate}
          min={values.startDate}
          onValue={(endDate) => set('endDate', endDate)}
          error={errors.endDate}
        />
        <p className="-mt-2 mb-4 text-xs text-gray-600 sm:col-span-2" aria-live="polite">
          {t('flows.period')}:{' '}
          {budgetPeriodRule(t, locale, {
            period: values.period,
            renewable: values.budgetRenewable,
            startDate: values.startDate,
            endDate: values.endDate,
          })}
        </p>
        <TextField
          label={t('flows.approveFromField')}
          inputMode="decimal"
          value={values.approveFrom}
          onValue={(approveFrom) => set('approveFrom', approveFrom)}
          error={errors.approveFrom}
        />
        <TextField
          label={t('flows.approveFromPeriodField')}
          inputMode="decimal"
          value={values.approveFromPeriod}
          onValue={(approveFromPeriod) => set('approveFromPeriod', approveFromPeriod)}
          error={errors.approveFromPeriod}
        />
        <div className="sm:col-span-2">
          <Checkbox
            label={t('flows.budgetTransfer')}
            checked={values.budgetTransfer}
            onChecked={(on) => set('budgetTransfer', on)}
          />
          <Checkbox
            label={t('flows.budgetRenewable')}
            checked={values.budgetRenewable}
            onChecked={(on) => set('budgetRenewable', on)}
          />
        </div>
      </div>
    );
  } else if (step === 'approvers') {
    content = !mayApprovers ? (
      <p className="mb-4 text-sm">{t('flows.wizard.noApproverRight')}</p>
    ) : (
      <MemberPicker
        legend={t('flows.approvers')}
        users={users}
        value={values.approvers}
        onValue={(ids) => set('approvers', ids)}
        error={errors.approvers}
      />
    );
  } else {
    content = (
      <MemberPicker
        legend={t('flows.users')}
        hint={t('flows.usersHint')}
        users={users}
        value={values.users}
        onValue={(ids) => set('users', ids)}
        error={errors.users}
      />
    );
  }

  return (
    <Card title={t('flows.create')}>
      <ol className="mb-4 flex flex-wrap gap-2 text-xs" aria-label={t('flows.wizard.steps')}>
        {STEPS.map((s, i) => (
          <li
            key={s}
            aria-current={s === step ? 'step' : undefined}
            className={`rounded px-2 py-1 ${s === step ? 'bg-primary font-semibold text-white' : i < index ? 'bg-gray-200' : 'bg-gray-100 text-gray-600'}`}
          >
            {i + 1}. {t(`flows.wizard.step.${s}`)}
          </li>
        ))}
      </ol>
      <form noValidate onSubmit={next} aria-label={t(`flows.wizard.step.${step}`)}>
        <h3 className="mb-3 font-semibold">{t(`flows.wizard.step.${step}`)}</h3>
        {content}
        <div className="flex flex-wrap items-center gap-2">
          {index > 0 && (
            <Button kind="secondary" onClick={() => setStep(STEPS[index - 1]!)}>
              {t('flows.wizard.back')}
            </Button>
          )}
          <Button type="submit" busy={busy}>
            {step === 'users' ? t('flows.wizard.finish') : t('flows.wizard.next')}
          </Button>
          <CancelLink to="/account/flows" />
        </div>
      </form>
    </Card>
  );
}
