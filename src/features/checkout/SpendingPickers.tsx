/**
 * The checkout's spending controls (docs/decisions/015): the order reference picker (a search over the references
 * the buyer may book to, `{provider}/order-reference/search/{term}`, each with what is left of its budget; the choice
 * is kept on the cart, `…/order-reference/cart/{id}`) and the cost centre picker (`…/cost-center`, kept on the cart
 * with `…/cost-center/cart/{id}`). After each choice the cart is read again: its budgets and blocked errors follow it.
 * The budgets themselves come with the cart as its extensions `orderFlowBudget` and `orderReferenceBudget`.
 */
import { useEffect, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import { ORDER_REFERENCE_MAX_LENGTH } from '../../../contract/order.ts';
import {
  CartOrderFlowBudgetSchema,
  CartOrderReferenceBudgetSchema,
  type CartOrderFlowBudget,
  type CartOrderReferenceBudget,
} from '../../../contract/provider/order-flow.ts';
import { useAmount } from '../../components/commerce/use-amount.ts';
import { Select, TextField } from '../../components/ui/form.tsx';
import { useNotify } from '../../components/ui/use-action.ts';
import { budgetPeriodWindow } from '../../i18n/budget-period.ts';
import { useI18n } from '../../i18n/react.tsx';
import { refreshCart, type Cart } from '../../lib/cart/cart-store.ts';
import {
  chooseCostCenter,
  chooseOrderReference,
  listCostCenters,
  searchOrderReferences,
  type CostCenter,
  type OrderReferenceOption,
} from './api.ts';

/** Wait after the last keystroke before searching, in ms (the storefront's search debounce). */
export const ORDER_REFERENCE_SEARCH_DEBOUNCE_MS = 600;

/** The reference the cart is booked to, as the picker shows it. */
type ChosenReference = Pick<OrderReferenceOption, 'id' | 'name' | 'remainingBudget'>;

/**
 * The order reference field with its search: typing offers the matching references with their remaining budget;
 * choosing one fills the field and sets it on the cart; changing the text afterwards clears the cart's choice. A
 * cart already booked to a reference (its extension `orderReferenceBudget`) starts with that reference.
 */
export function OrderReferencePicker({
  value,
  onValue,
  onBusy,
  current,
}: {
  value: string;
  onValue: (text: string) => void;
  /** True while the cart's choice is being saved. */
  onBusy: (busy: boolean) => void;
  /** The cart's reference when the page opens. */
  current: CartOrderReferenceBudget | null;
}) {
  const { t } = useI18n();
  const amount = useAmount();
  const { notifyError } = useNotify();
  const listId = useId();
  const [options, setOptions] = useState<OrderReferenceOption[] | null>(null);
  const [chosen, setChosen] = useState<ChosenReference | null>(null);
  const typed = useRef(false);
  const adopted = useRef(false);

  // The cart's reference from an earlier visit fills the empty field once.
  useEffect(() => {
    if (adopted.current || !current) return;
    adopted.current = true;
    if (value.trim() !== '' && value.trim() !== current.name) return;
    setChosen({ id: current.orderReferenceId, name: current.name, remainingBudget: current.remaining });
    if (!value) onValue(current.name);
  }, [current, value, onValue]);

  useEffect(() => {
    const term = value.trim();
    if (!typed.current || !term) {
      setOptions(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchOrderReferences(term, controller.signal)
        .then(setOptions)
        .catch((error: unknown) => {
          if (!controller.signal.aborted) notifyError(error);
        });
    }, ORDER_REFERENCE_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, notifyError]);

  const save = (id: string | null) => {
    onBusy(true);
    chooseOrderReference(id)
      .then((reference) => {
        setChosen(reference);
        return refreshCart();
      })
      .catch(notifyError)
      .finally(() => onBusy(false));
  };

  const type = (text: string) => {
    typed.current = true;
    onValue(text);
    if (chosen && text.trim() !== chosen.name) {
      setChosen(null);
      save(null);
    }
  };

  const choose = (option: OrderReferenceOption) => {
    typed.current = false;
    setOptions(null);
    onValue(option.name);
    save(option.id);
  };

  const remaining = (option: Pick<OrderReferenceOption, 'remainingBudget'>) =>
    option.remainingBudget === null
      ? t('checkout.spending.noBudget')
      : t('checkout.spending.remaining', { amount: amount(option.remainingBudget) });

  return (
    <div className="mb-1">
      <TextField
        label={t('checkout.orderReference')}
        value={value}
        onValue={type}
        maxLength={ORDER_REFERENCE_MAX_LENGTH}
        aria-describedby="checkout-reference-counter"
        aria-controls={options ? listId : undefined}
        autoComplete="off"
        className="mb-1"
      />
      {chosen && (
        <p className="mb-1 text-xs text-green-800" role="status">
          {t('checkout.spending.referenceChosen', { name: chosen.name })} · {remaining(chosen)}
        </p>
      )}
      {options && (
        <div className="mb-2">
          <p className="sr-only" aria-live="polite">
            {t('checkout.spending.referenceMatches', { count: options.length })}
          </p>
          {options.length === 0 ? (
            <p className="text-xs text-muted">{t('checkout.spending.referenceNone')}</p>
          ) : (
            <ul id={listId} aria-label={t('checkout.spending.referenceOptions')} className="rounded border border-line">
              {options.map((option) => (
                <li key={option.id} className="border-b border-line last:border-b-0">
                  <button
                    type="button"
                    onClick={() => choose(option)}
                    className="flex w-full flex-wrap justify-between gap-2 px-3 py-2 text-left text-sm hover:bg-surface"
                  >
                    <span className="font-semibold">{option.name}</span>
                    <span className={option.remainingBudget === 0 ? 'text-primary' : 'text-muted'}>
                      {remaining(option)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** The cost centre choice of the cart (the cost-center module); nothing when the company has none. */
export function CostCenterPicker({ onBusy }: { onBusy: (busy: boolean) => void }) {
  const { t } = useI18n();
  const { notifyError } = useNotify();
  const [centres, setCentres] = useState<CostCenter[] | null>(null);
  const [chosen, setChosen] = useState('');

  useEffect(() => {
    listCostCenters()
      .then(setCentres)
      .catch((error: unknown) => {
        setCentres([]);
        notifyError(error);
      });
  }, [notifyError]);

  if (!centres || centres.length === 0) return null;
  const choose = (id: string) => {
    setChosen(id);
    onBusy(true);
    chooseCostCenter(id || null)
      .then((centre) => {
        setChosen(centre?.id ?? '');
        return refreshCart();
      })
      .catch(notifyError)
      .finally(() => onBusy(false));
  };
  return (
    <Select
      label={t('checkout.spending.costCenter')}
      value={chosen}
      onValue={choose}
      options={[
        { value: '', label: t('checkout.spending.costCenterNone') },
        ...centres.map((c) => ({ value: c.id, label: `${c.identifier} – ${c.name}` })),
      ]}
    />
  );
}

const FlowBudgetCartSchema = v.object({
  extensions: v.object({ orderFlowBudget: CartOrderFlowBudgetSchema }),
});
const ReferenceBudgetCartSchema = v.object({
  extensions: v.object({ orderReferenceBudget: CartOrderReferenceBudgetSchema }),
});

/** The cart's extension `orderFlowBudget` (contract/provider/order-flow.ts); null when the buyer has no flow. */
export function orderFlowBudget(cart: Cart): CartOrderFlowBudget | null {
  const parsed = v.safeParse(FlowBudgetCartSchema, cart);
  return parsed.success ? parsed.output.extensions.orderFlowBudget : null;
}

/** The cart's extension `orderReferenceBudget`; null when the cart is booked to no order reference. */
export function orderReferenceBudget(cart: Cart): CartOrderReferenceBudget | null {
  const parsed = v.safeParse(ReferenceBudgetCartSchema, cart);
  return parsed.success ? parsed.output.extensions.orderReferenceBudget : null;
}

/**
 * The buyer's budgets for this cart: what is left of the flow budget, the approval threshold and whether this order
 * needs an approval; what is left of the chosen order reference's budget. Nothing without either.
 */
export function SpendingSummary({ cart }: { cart: Cart }) {
  const { t, locale } = useI18n();
  const amount = useAmount();
  const flow = orderFlowBudget(cart);
  const reference = orderReferenceBudget(cart);
  if (!flow && !reference) return null;
  return (
    <section aria-label={t('checkout.spending.flowBudget')} className="flex flex-col gap-1 text-sm" aria-live="polite">
      {flow && (
        <>
          <p className="font-semibold">
            {t('checkout.spending.flowBudget')}: {flow.name}
          </p>
          {flow.remaining !== null && (
            <p>
              {t('checkout.spending.flowRemaining', { amount: amount(flow.remaining) })}
              {flow.period && <span className="text-muted"> · {budgetPeriodWindow(t, locale, flow.period)}</span>}
            </p>
          )}
          {flow.approveFrom !== null && (
            <p className="text-muted">{t('checkout.spending.approvalFrom', { amount: amount(flow.approveFrom) })}</p>
          )}
          {flow.approveFromPeriod !== null && (
            <p className="text-muted">
              {t('checkout.spending.approvalFromPeriod', {
                amount: amount(flow.approveFromPeriod),
                ordered: amount(flow.orderedInPeriod ?? 0),
              })}
              {flow.period && flow.remaining === null && <> · {budgetPeriodWindow(t, locale, flow.period)}</>}
            </p>
          )}
          {flow.needsApproval && (
            <p className="rounded border-l-4 border-amber-500 bg-amber-50 px-3 py-2 text-amber-900">
              {t('checkout.spending.needsApproval')}
            </p>
          )}
        </>
      )}
      {reference && reference.remaining !== null && (
        <p>
          {t('checkout.spending.referenceRemaining', { name: reference.name, amount: amount(reference.remaining) })}
          {reference.period && <span className="text-muted"> · {budgetPeriodWindow(t, locale, reference.period)}</span>}
        </p>
      )}
    </section>
  );
}
