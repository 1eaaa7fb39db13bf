/**
 * The order flow creation wizard (route /account/flows/create), for customers with ROLE_MANAGE_ORDER_FLOWS: name,
 * budget (amount, period weekly, monthly, yearly or custom with start and end date, transfer of the remainder,
 * renewable, the threshold per order `approveFrom` and per period `approveFromPeriod`), approvers, users, then a
 * success step; each step is checked before the next (flow-wizard-steps.ts). Periods are 30-day (not calendar) months
 * counted from the start date, and the budget step says so (src/i18n/budget-period.ts). Setting budget fields needs
 * ROLE_MANAGE_BUDGETS and approvers ROLE_MANAGE_APPROVERS (contract/provider/order-flow.ts); without them the wizard
 * leaves those fields to the server's defaults.
 */
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
import { Button, Card, Checkbox, Select, TextField } from '../../../components/ui/form.tsx';
import { useAction } from '../../../components/ui/use-action.ts';
import { budgetPeriodRule } from '../../../i18n/budget-period.ts';
import { useI18n } from '../../../i18n/react.tsx';
import type { FieldErrors } from '../../../lib/forms/validation.ts';
import { useLoggedIn } from '../session.tsx';
import { createOrderFlow } from '../spending-api.ts';
import { CancelLink } from './CancelLink.tsx';
import { DateField } from './DateField.tsx';
import { flowStepErrors, STEPS, toOrderFlowRequest, type FlowValues, type Step } from './flow-wizard-steps.ts';
import { MemberPicker, useCompanyUsers } from './MemberPicker.tsx';

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

  const index = STEPS.indexOf(step);
  function next(event: FormEvent) {
    event.preventDefault();
    const found = flowStepErrors(step, values, t);
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
      <form method="post" noValidate onSubmit={next} aria-label={t(`flows.wizard.step.${step}`)}>
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
