/**
 * The checkout steps below the cart: addresses from the company's address book, order data (order reference with
 * counter, searched among the company's references with their remaining budget for holders of
 * ROLE_ADD_ORDER_REFERENCES; the cost centre with the cost-center module; file number, remark), delivery or pickup (with the pickup location), split delivery, requested shipping
 * date, shipping and payment method (each change is saved in the context and the cart is read again; a blocked
 * method is disabled with its reason), the summary with the buyer's budgets and the submit, which sends an approval
 * request instead of an order when the buyer's flow needs one (docs/decisions/015). The submit sends one `Idempotency-Key` per attempt:
 * it is made when the buyer first submits this order data and kept for every retry, so a double click or a retry
 * after a lost answer orders once (docs/decisions/014). Without ROLE_PLACE_ORDERS the page says so and offers no
 * submit.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  ORDER_REFERENCE_MAX_LENGTH,
  FILE_NUMBER_MAX_LENGTH,
  ORDER_REMARK_MAX_LENGTH,
  shopToday,
  type OrderCreateRequest,
  type ShippingOption,
  type SplitDelivery,
} from '../../../contract/order.ts';
import { useAmount, VIEW_PRICES_RIGHT } from '../../components/commerce/use-amount.ts';
import { Button, Card, RadioGroup, Select, TextArea, TextField } from '../../components/ui/form.tsx';
import { useAction, useNotify } from '../../components/ui/use-action.ts';
import { useI18n } from '../../i18n/react.tsx';
import { listAddresses } from '../../lib/address-book.ts';
import { cartErrors, hasBlockingCartError, refreshCart, type Cart, type CartError } from '../../lib/cart/cart-store.ts';
import type { Address } from '../../lib/session/customer.ts';
import { hasRight, type SessionCustomer } from '../../lib/session/session-store.ts';
import {
  listPaymentMethods,
  listPickupLocations,
  listShippingMethods,
  placeOrder,
  updateContext,
  type ContextChange,
  type PaymentMethod,
  type PickupLocation,
  type ShippingMethod,
} from './api.ts';
import { cartErrorMessage, isUnderCreditLimit, refusedCartErrors } from '../../lib/cart/cart-messages.ts';
import { StoreApiClientError } from '../../lib/store-api/errors.ts';
import {
  CostCenterPicker,
  orderFlowBudget,
  orderReferenceBudget,
  OrderReferencePicker,
  SpendingSummary,
} from './SpendingPickers.tsx';

/** The right a buyer needs to send an order (contract/rights.ts). */
export const PLACE_ORDERS_RIGHT = 'ROLE_PLACE_ORDERS';
/** The rights to choose an order reference and a cost centre for the cart. */
export const ADD_ORDER_REFERENCES_RIGHT = 'ROLE_ADD_ORDER_REFERENCES';
export const ACCESS_COST_CENTER_RIGHT = 'ROLE_ACCESS_COST_CENTER';

/** One line of an address: name, street with number and box, postal code and city, country. */
export function addressLine(a: Address): string {
  return [a.name, [a.street, a.number, a.box].filter(Boolean).join(' '), `${a.zipcode} ${a.city}`, a.country]
    .filter(Boolean)
    .join(', ');
}

/** The order data of the form. */
interface OrderData {
  shippingAddressId: string;
  billingAddressId: string;
  orderReference: string;
  fileNumber: string;
  remark: string;
  shippingOption: ShippingOption;
  pickupLocationId: string;
  splitDelivery: SplitDelivery;
  requestedShippingDate: string;
}

const EMPTY: OrderData = {
  shippingAddressId: '',
  billingAddressId: '',
  orderReference: '',
  fileNumber: '',
  remark: '',
  shippingOption: 'delivery',
  pickupLocationId: '',
  splitDelivery: 'together',
  requestedShippingDate: '',
};

/** The body of `POST /checkout/order` for the form's data. */
function orderRequest(data: OrderData): OrderCreateRequest {
  const pickup = data.shippingOption === 'pickup';
  return {
    orderReference: data.orderReference.trim() || null,
    fileNumber: data.fileNumber.trim() || null,
    remark: data.remark.trim() || null,
    shippingOption: data.shippingOption,
    pickupLocationId: pickup ? data.pickupLocationId || null : null,
    shippingAddressId: pickup ? null : data.shippingAddressId || null,
    billingAddressId: data.billingAddressId || null,
    splitDelivery: data.splitDelivery,
    requestedShippingDate: data.requestedShippingDate || null,
  };
}

/** Whether a method is blocked by one of the cart's errors (`…-method-blocked` naming the method). */
function blockedBy(errors: CartError[], kind: 'shipping' | 'payment', id: string | undefined): CartError | undefined {
  if (!id) return undefined;
  return errors.find((e) => e.messageKey === `${kind}-method-blocked` && e.key.includes(id));
}

/** A method that pays before delivery (`customFields.paidInAdvance`) stays open over the credit limit. */
const paidInAdvance = (method: PaymentMethod) => method.customFields?.paidInAdvance === true;
/** The shipping method that means collection by the buyer (`customFields.pickup`). */
const isPickupMethod = (method: ShippingMethod) => method.customFields?.pickup === true;

function MethodChoice<M extends { id: string; translated?: { name?: string } | undefined; name?: string }>({
  legend,
  methods,
  selected,
  reason,
  onSelect,
  busy,
}: {
  legend: string;
  methods: M[];
  selected: string | undefined;
  /** Why a method cannot be chosen, or undefined when it can. */
  reason: (method: M) => string | undefined;
  onSelect: (id: string) => void;
  busy: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="mb-4" aria-busy={busy || undefined}>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-col gap-2">
        {methods.map((method) => {
          const why = reason(method);
          return (
            <label key={method.id} className={`flex items-start gap-2 text-sm ${why ? 'text-muted' : ''}`}>
              <input
                type="radio"
                name={name}
                value={method.id}
                checked={selected === method.id}
                disabled={Boolean(why) || busy}
                onChange={() => onSelect(method.id)}
                aria-describedby={why ? `${name}-${method.id}` : undefined}
                className="mt-1 accent-primary"
              />
              <span>
                {method.translated?.name ?? method.name}
                {why && (
                  <span id={`${name}-${method.id}`} className="block text-xs">
                    {why}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-1 sm:flex-row sm:gap-4">
      <dt className="font-semibold sm:w-48">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

const assign = (href: string) => window.location.assign(href);

/** What the steps offer to choose from; the server reads it for the cart page's first view (cart-page.ts). */
export interface CheckoutOptions {
  /** The company's address book. */
  addresses: Address[];
  shippingMethods: ShippingMethod[];
  paymentMethods: PaymentMethod[];
}

interface CheckoutFormProps {
  cart: Cart;
  /** The options as the server read them; without them the steps read them when they open. */
  initialOptions?: CheckoutOptions | null;
  /** The logged-in customer: its rights decide what the form offers, its default shipping address comes first. */
  customer: SessionCustomer | null;
  /** The shop runs the cost-center module (feature flag `cost-center-module`): the cost centre picker is offered. */
  costCenters?: boolean;
  /** Domain path prefix, '' or e.g. '/en', of the success page. */
  prefix: string;
  /** Opens the success page after the order; a full page navigation unless replaced (tests). */
  navigate?: (href: string) => void;
}

/**
 * The checkout steps for `cart`; without ROLE_PLACE_ORDERS only the missing-right message. After the order the
 * browser goes to `{prefix}/checkout/success?orderNumber=…` (or `?approvalNumber=…`).
 */
export function CheckoutForm({
  cart,
  initialOptions = null,
  customer,
  costCenters = false,
  prefix,
  navigate = assign,
}: CheckoutFormProps) {
  const { t } = useI18n();
  if (!hasRight(PLACE_ORDERS_RIGHT, customer)) {
    return (
      <p role="alert" className="rounded border-l-4 border-primary bg-red-50 px-3 py-2 text-sm text-red-900">
        {t('checkout.missingRight')}
      </p>
    );
  }
  return (
    <Steps
      cart={cart}
      initialOptions={initialOptions}
      customer={customer}
      costCenters={costCenters}
      prefix={prefix}
      navigate={navigate}
    />
  );
}

/**
 * The order data starting on the customer's default shipping address, which the context starts with; else the
 * company's main address, else the first.
 */
function withPreferredAddress(data: OrderData, addresses: Address[], preferredId: string | undefined): OrderData {
  const main = addresses.find((a) => a.id === preferredId) ?? addresses.find((a) => a.isMain) ?? addresses[0];
  if (!main) return data;
  return {
    ...data,
    shippingAddressId: data.shippingAddressId || main.id,
    billingAddressId: data.billingAddressId || main.id,
  };
}

function Steps({ cart, initialOptions, customer, costCenters, prefix, navigate }: Required<CheckoutFormProps>) {
  const { t } = useI18n();
  const amount = useAmount();
  const { notify, notifyError } = useNotify();
  const preferredAddressId = customer?.defaultShippingAddressId;
  const [data, setData] = useState<OrderData>(() =>
    withPreferredAddress(EMPTY, initialOptions?.addresses ?? [], preferredAddressId),
  );
  const [addresses, setAddresses] = useState<Address[]>(initialOptions?.addresses ?? []);
  const [shippingMethods, setShippingMethods] = useState<ShippingMethod[]>(initialOptions?.shippingMethods ?? []);
  const [paymentMethods, setPaymentMethods] = useState<PaymentMethod[]>(initialOptions?.paymentMethods ?? []);
  const [pickupLocations, setPickupLocations] = useState<PickupLocation[] | null>(null);
  const [changing, setChanging] = useState(false);
  const [pendingChange, setPendingChange] = useState<ContextChange>({});
  const [pickupError, setPickupError] = useState<string | undefined>();
  // The key of the current checkout attempt: made on the first submit of this order data, kept for its retries.
  const attemptKey = useRef<string | null>(null);

  const hasOptions = initialOptions !== null;
  useEffect(() => {
    if (hasOptions) return;
    listAddresses()
      .then((list) => {
        setAddresses(list);
        setData((d) => withPreferredAddress(d, list, preferredAddressId));
      })
      .catch(notifyError);
    Promise.all([listShippingMethods(), listPaymentMethods()])
      .then(([shipping, payment]) => {
        setShippingMethods(shipping);
        setPaymentMethods(payment);
      })
      .catch(notifyError);
  }, [hasOptions, notifyError, preferredAddressId]);

  useEffect(() => {
    if (data.shippingOption !== 'pickup' || pickupLocations !== null) return;
    listPickupLocations()
      .then(setPickupLocations)
      .catch((error: unknown) => {
        setPickupLocations([]);
        notifyError(error);
      });
  }, [data.shippingOption, pickupLocations, notifyError]);

  const errors = cartErrors(cart);
  const underCredit = errors.some(isUnderCreditLimit);
  // A method the buyer just chose shows as chosen while the context change and the cart's new read are under way.
  const selectedShipping = pendingChange.shippingMethodId ?? cart.deliveries?.[0]?.shippingMethod?.id;
  const selectedPayment = pendingChange.paymentMethodId ?? cart.transactions?.[0]?.paymentMethodId;

  const change = (patch: Partial<OrderData>) => {
    attemptKey.current = null;
    setPickupError(undefined);
    setData((d) => ({ ...d, ...patch }));
  };

  /** Saves a context change and reads the cart again (prices, VAT and blocked methods follow the context). */
  const changeContext = (contextChange: ContextChange) => {
    attemptKey.current = null;
    setChanging(true);
    setPendingChange(contextChange);
    updateContext(contextChange)
      .then(() => refreshCart())
      .catch(notifyError)
      .finally(() => {
        setChanging(false);
        setPendingChange({});
      });
  };

  const chooseShippingOption = (option: ShippingOption) => {
    change({ shippingOption: option });
    const pickupMethod = shippingMethods.find(isPickupMethod);
    if (option === 'pickup' && pickupMethod && pickupMethod.id !== selectedShipping)
      changeContext({ shippingMethodId: pickupMethod.id });
    if (option === 'delivery' && pickupMethod && pickupMethod.id === selectedShipping) {
      const first = shippingMethods.find((m) => !isPickupMethod(m));
      if (first) changeContext({ shippingMethodId: first.id });
    }
  };

  const { busy, run } = useAction(async (request: OrderCreateRequest) => {
    attemptKey.current ??= crypto.randomUUID();
    let answer: Awaited<ReturnType<typeof placeOrder>>;
    try {
      answer = await placeOrder(request, attemptKey.current);
    } catch (error) {
      // A refusal the cart explains (a blocked payment method, an order reference no longer usable, the quantity
      // rules of an article, the credit taken meanwhile): the cart is read again so its errors show at their lines
      // and methods, and each reason is told in the buyer's language.
      if (error instanceof StoreApiClientError && error.status < 500) await refreshCart().catch(() => undefined);
      const refused = refusedCartErrors(error);
      if (!refused.length) throw error;
      for (const cartError of refused) notify('error', t('general.error'), cartErrorMessage(cartError, t));
      return;
    }
    attemptKey.current = null;
    await refreshCart();
    navigate(
      'approvalNumber' in answer
        ? `${prefix}/checkout/success?approvalNumber=${encodeURIComponent(answer.approvalNumber)}`
        : `${prefix}/checkout/success?orderNumber=${encodeURIComponent(answer.orderNumber ?? '')}`,
    );
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (data.shippingOption === 'pickup' && !data.pickupLocationId) {
      setPickupError(t('checkout.pickup.required'));
      return;
    }
    run(orderRequest(data));
  };

  const blocked = hasBlockingCartError(cart);
  const addressOptions = addresses.map((a) => ({ value: a.id, label: addressLine(a) }));
  const shippingName = shippingMethods.find((m) => m.id === selectedShipping);
  const paymentName = paymentMethods.find((m) => m.id === selectedPayment);
  const address = (id: string) => addresses.find((a) => a.id === id);
  const pickup = pickupLocations?.find((p) => p.id === data.pickupLocationId);

  return (
    <form onSubmit={submit} className="flex flex-col gap-6" aria-label={t('checkout.steps')} noValidate>
      <Card title={t('checkout.step.delivery')}>
        <RadioGroup<ShippingOption>
          legend={t('checkout.shippingOption.legend')}
          value={data.shippingOption}
          onValue={chooseShippingOption}
          options={[
            { value: 'delivery', label: t('checkout.shippingOption.delivery') },
            { value: 'pickup', label: t('checkout.shippingOption.pickup') },
          ]}
        />
        {data.shippingOption === 'delivery' ? (
          <Select
            label={t('checkout.address.shipping')}
            value={data.shippingAddressId}
            onValue={(id) => {
              change({ shippingAddressId: id });
              changeContext({ shippingAddressId: id });
            }}
            options={addressOptions}
          />
        ) : (
          <Select
            label={t('checkout.pickup.location')}
            value={data.pickupLocationId}
            onValue={(id) => change({ pickupLocationId: id })}
            error={pickupError}
            required
            options={[
              { value: '', label: t('checkout.pickup.choose') },
              ...(pickupLocations ?? []).map((p) => ({
                value: p.id,
                label: `${p.name}, ${p.street}, ${p.zipcode} ${p.city}`,
              })),
            ]}
          />
        )}
        <Select
          label={t('checkout.address.billing')}
          value={data.billingAddressId}
          onValue={(id) => {
            change({ billingAddressId: id });
            changeContext({ billingAddressId: id });
          }}
          options={addressOptions}
        />
        <RadioGroup<SplitDelivery>
          legend={t('checkout.split.legend')}
          value={data.splitDelivery}
          onValue={(splitDelivery) => change({ splitDelivery })}
          options={[
            { value: 'together', label: t('checkout.split.together') },
            { value: 'separately', label: t('checkout.split.separately') },
            { value: 'backorders_together', label: t('checkout.split.backordersTogether') },
          ]}
        />
        <div className="mb-4">
          <label htmlFor="checkout-shipping-date" className="mb-1 block text-sm font-semibold">
            {t('checkout.requestedShippingDate')}
          </label>
          <input
            id="checkout-shipping-date"
            type="date"
            min={shopToday()}
            value={data.requestedShippingDate}
            onChange={(event) => change({ requestedShippingDate: event.target.value })}
            className="w-full rounded border border-line px-3 py-2 focus:outline-2 focus:outline-primary sm:w-auto"
          />
        </div>
      </Card>

      <Card title={t('checkout.step.methods')}>
        {data.shippingOption === 'delivery' && (
          <MethodChoice
            legend={t('checkout.shippingMethod')}
            methods={shippingMethods.filter((m) => !isPickupMethod(m))}
            selected={selectedShipping}
            busy={changing}
            reason={(m) => {
              const error = blockedBy(errors, 'shipping', m.id);
              return error ? cartErrorMessage(error, t) : undefined;
            }}
            onSelect={(id) => changeContext({ shippingMethodId: id })}
          />
        )}
        <MethodChoice
          legend={t('checkout.paymentMethod')}
          methods={paymentMethods}
          selected={selectedPayment}
          busy={changing}
          reason={(m) => {
            if (underCredit && !paidInAdvance(m)) return t('checkout.payment.blockedByCredit');
            const error = blockedBy(errors, 'payment', m.id);
            return error ? cartErrorMessage(error, t) : undefined;
          }}
          onSelect={(id) => changeContext({ paymentMethodId: id })}
        />
      </Card>

      <Card title={t('checkout.step.orderData')}>
        {hasRight(ADD_ORDER_REFERENCES_RIGHT, customer) ? (
          <OrderReferencePicker
            value={data.orderReference}
            onValue={(orderReference) => change({ orderReference })}
            onBusy={setChanging}
            current={orderReferenceBudget(cart)}
          />
        ) : (
          <TextField
            label={t('checkout.orderReference')}
            value={data.orderReference}
            onValue={(orderReference) => change({ orderReference })}
            maxLength={ORDER_REFERENCE_MAX_LENGTH}
            aria-describedby="checkout-reference-counter"
            className="mb-1"
          />
        )}
        <p id="checkout-reference-counter" className="mb-4 text-xs text-muted" aria-live="polite">
          {t('checkout.orderReferenceCounter', {
            length: data.orderReference.length,
            max: ORDER_REFERENCE_MAX_LENGTH,
          })}
        </p>
        {costCenters && hasRight(ACCESS_COST_CENTER_RIGHT, customer) && <CostCenterPicker onBusy={setChanging} />}
        <TextField
          label={t('checkout.fileNumber')}
          value={data.fileNumber}
          onValue={(fileNumber) => change({ fileNumber })}
          maxLength={FILE_NUMBER_MAX_LENGTH}
        />
        <TextArea
          label={t('checkout.remark')}
          value={data.remark}
          onValue={(remark) => change({ remark })}
          maxLength={ORDER_REMARK_MAX_LENGTH}
        />
      </Card>

      <Card title={t('checkout.step.summary')}>
        <dl className="mb-4 text-sm">
          <SummaryRow label={t('checkout.shippingOption.legend')}>
            {data.shippingOption === 'pickup'
              ? `${t('checkout.shippingOption.pickup')}${pickup ? `: ${pickup.name}` : ''}`
              : t('checkout.shippingOption.delivery')}
          </SummaryRow>
          {data.shippingOption === 'delivery' && (
            <SummaryRow label={t('checkout.address.shipping')}>
              {address(data.shippingAddressId) ? addressLine(address(data.shippingAddressId)!) : '–'}
            </SummaryRow>
          )}
          <SummaryRow label={t('checkout.address.billing')}>
            {address(data.billingAddressId) ? addressLine(address(data.billingAddressId)!) : '–'}
          </SummaryRow>
          {data.shippingOption === 'delivery' && (
            <SummaryRow label={t('checkout.shippingMethod')}>
              {shippingName?.translated?.name ?? shippingName?.name ?? '–'}
            </SummaryRow>
          )}
          <SummaryRow label={t('checkout.paymentMethod')}>
            {paymentName?.translated?.name ?? paymentName?.name ?? '–'}
          </SummaryRow>
          <SummaryRow label={t('checkout.totals.total')}>
            {hasRight(VIEW_PRICES_RIGHT, customer) ? amount(cart.price.totalPrice) : t('checkout.pricesOnRequest')}
          </SummaryRow>
        </dl>
        <div className="mb-4">
          <SpendingSummary cart={cart} />
        </div>
        {blocked && (
          <p role="alert" className="mb-4 text-sm text-red-700">
            {t('checkout.blocked')}
          </p>
        )}
        <Button type="submit" busy={busy} disabled={blocked || changing}>
          {orderFlowBudget(cart)?.needsApproval ? t('checkout.spending.submitForApproval') : t('checkout.submit')}
        </Button>
      </Card>
    </form>
  );
}
