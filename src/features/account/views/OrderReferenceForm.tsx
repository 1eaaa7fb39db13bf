/**
 * Creating and editing an order reference (routes /account/orderreferences/create and
 * /account/orderreferences/details/{slug?}, slug = the reference's id), for customers with
 * ROLE_MANAGE_ORDER_REFERENCES (contract/provider/order-reference.ts, docs/decisions/015): the name is at most 30
 * characters, its label says so and a counter follows the typing; the budget per period is optional; a name in use is
 * shown at its field. After saving, the list (OrderReferences.tsx) shows again.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  ORDER_REFERENCE_NAME_MAX_LENGTH,
  ORDER_REFERENCE_NAME_NOT_UNIQUE,
  ORDER_REFERENCE_PERIODS,
  type OrderReference,
  type OrderReferencePeriod,
  type OrderReferenceRequest,
} from '../../../../contract/provider/order-reference.ts';
import { shopToday } from '../../../../contract/order.ts';
import { Card, Checkbox, FormActions, Select, TextField } from '../../../components/ui/form.tsx';
import { Loading } from '../../../components/ui/ListKit.tsx';
import { useAction, useNotify } from '../../../components/ui/use-action.ts';
import { budgetPeriodRule } from '../../../i18n/budget-period.ts';
import { useI18n } from '../../../i18n/react.tsx';
import type { FieldErrors } from '../../../lib/forms/validation.ts';
import { StoreApiClientError } from '../../../lib/store-api/errors.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { budgetFieldErrors, parseBudget } from '../budget-form.ts';
import { createOrderReference, fetchOrderReference, updateOrderReference } from '../spending-api.ts';
import { CancelLink } from './CancelLink.tsx';
import { DateField } from './DateField.tsx';
import { MemberPicker, useCompanyUsers } from './MemberPicker.tsx';

/** The form's values. */
interface OrderReferenceValues {
  name: string;
  budget: string;
  period: OrderReferencePeriod;
  startDate: string;
  endDate: string;
  renewable: boolean;
  transferable: boolean;
  active: boolean;
  users: string[];
  approvers: string[];
}

const FIELDS = ['name', 'budget', 'period', 'startDate', 'endDate', 'users', 'approvers'] as const;

function toValues(r: OrderReference): OrderReferenceValues {
  return {
    name: r.name,
    budget: r.budget === null ? '' : String(r.budget),
    period: r.period,
    startDate: r.startDate,
    endDate: r.endDate ?? '',
    renewable: r.renewable,
    transferable: r.transferable,
    active: r.active,
    users: r.users,
    approvers: r.approvers,
  };
}

/** The request body for the form's values (checked before). */
export function toOrderReferenceRequest(values: OrderReferenceValues): OrderReferenceRequest {
  return {
    name: values.name.trim(),
    budget: values.budget.trim() === '' ? null : parseBudget(values.budget),
    period: values.period,
    renewable: values.renewable,
    transferable: values.transferable,
    startDate: values.startDate,
    endDate: values.endDate || null,
    active: values.active,
    users: values.users,
    approvers: values.approvers,
  };
}

/** Create (no slug) or edit (slug = the reference's id) one order reference. */
export function OrderReferenceForm() {
  const i18n = useI18n();
  const { t, locale } = i18n;
  const { slug } = useParams();
  const navigate = useNavigate();
  const { notify, notifyError } = useNotify();
  const users = useCompanyUsers();
  const [values, setValues] = useState<OrderReferenceValues | null>(
    slug
      ? null
      : {
          name: '',
          budget: '',
          period: 'monthly',
          startDate: shopToday(),
          endDate: '',
          renewable: true,
          transferable: false,
          active: true,
          users: [],
          approvers: [],
        },
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, run } = useAction(
    async (request: OrderReferenceRequest) => {
      try {
        if (slug) await updateOrderReference(slug, request);
        else await createOrderReference(request);
      } catch (error) {
        // The name in use: shown at the field (the code comes without a pointer when not a violation item).
        if (
          error instanceof StoreApiClientError &&
          error.errors.some((e) => e.code === ORDER_REFERENCE_NAME_NOT_UNIQUE)
        ) {
          setErrors({ name: t('orderReferences.nameNotUnique') });
          return;
        }
        throw error;
      }
      notify('success', t('general.success'), t('orderReferences.saved', { name: request.name }));
      void navigate('/account/orderreferences');
    },
    { fields: FIELDS, onFieldErrors: setErrors },
  );

  useResource(slug ?? null, () => fetchOrderReference(slug ?? ''), {
    onLoad: (reference) => setValues(toValues(reference)),
    onError: (error) => {
      notifyError(error);
      void navigate('/account/orderreferences');
      return null;
    },
  });

  if (!values) return <Loading />;
  const set = <K extends keyof OrderReferenceValues>(key: K, value: OrderReferenceValues[K]) =>
    setValues((v) => (v ? { ...v, [key]: value } : v));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!values) return;
    const found: FieldErrors = budgetFieldErrors(values, t, {
      budgetRequired: false,
      budgetKey: 'orderReferences.validation.budget',
      endDateKey: 'orderReferences.validation.endDate',
    });
    const name = values.name.trim();
    if (!name) found.name = t('validation.required');
    else if (name.length > ORDER_REFERENCE_NAME_MAX_LENGTH)
      found.name = t('validation.maxLength', { max: ORDER_REFERENCE_NAME_MAX_LENGTH });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    run(toOrderReferenceRequest(values));
  }

  return (
    <Card title={slug ? t('orderReferences.edit') : t('orderReferences.create')}>
      <form method="post" noValidate onSubmit={submit} className="grid gap-x-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField
            label={t('orderReferences.name', { max: ORDER_REFERENCE_NAME_MAX_LENGTH })}
            required
            value={values.name}
            onValue={(name) => set('name', name)}
            maxLength={ORDER_REFERENCE_NAME_MAX_LENGTH}
            error={errors.name}
            className="mb-1"
          />
          <p className="mb-4 text-xs text-muted" aria-live="polite">
            {t('orderReferences.nameCounter', { length: values.name.length, max: ORDER_REFERENCE_NAME_MAX_LENGTH })}
          </p>
        </div>
        <TextField
          label={t('orderReferences.budgetField')}
          inputMode="decimal"
          value={values.budget}
          onValue={(budget) => set('budget', budget)}
          error={errors.budget}
        />
        <Select
          label={t('orderReferences.period')}
          value={values.period}
          onValue={(period) => set('period', period as OrderReferencePeriod)}
          options={ORDER_REFERENCE_PERIODS.map((p) => ({ value: p, label: t(`orderReferences.periods.${p}`) }))}
          error={errors.period}
        />
        <DateField
          label={t('orderReferences.startDate')}
          required
          value={values.startDate}
          onValue={(startDate) => set('startDate', startDate)}
          error={errors.startDate}
        />
        <DateField
          label={t('orderReferences.endDate')}
          required={values.period === 'custom'}
          value={values.endDate}
          min={values.startDate}
          onValue={(endDate) => set('endDate', endDate)}
          error={errors.endDate}
        />
        <p className="-mt-2 mb-4 text-xs text-gray-600 sm:col-span-2" aria-live="polite">
          {t('orderReferences.period')}: {budgetPeriodRule(t, locale, values)}
        </p>
        <div className="sm:col-span-2">
          <Checkbox
            label={t('orderReferences.renewable')}
            checked={values.renewable}
            onChecked={(on) => set('renewable', on)}
          />
          <Checkbox
            label={t('orderReferences.transferable')}
            checked={values.transferable}
            onChecked={(on) => set('transferable', on)}
          />
          <Checkbox label={t('orderReferences.active')} checked={values.active} onChecked={(on) => set('active', on)} />
        </div>
        <div className="sm:col-span-2">
          <MemberPicker
            legend={t('orderReferences.approvers')}
            users={users}
            value={values.approvers}
            onValue={(ids) => set('approvers', ids)}
            error={errors.approvers}
          />
          <MemberPicker
            legend={t('orderReferences.users')}
            hint={t('orderReferences.usersHint')}
            users={users}
            value={values.users}
            onValue={(ids) => set('users', ids)}
            error={errors.users}
          />
        </div>
        <FormActions
          busy={busy}
          submitLabel={t('account.save')}
          cancel={<CancelLink to="/account/orderreferences" />}
        />
      </form>
    </Card>
  );
}
