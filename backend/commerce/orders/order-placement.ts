/**
 * Placing an order (docs/decisions/014-cart-and-orders.md, "Placing an order"): one transaction that
 * 1. locks the customer's cart row and recalculates the cart with `calculateCart`, so the order is priced exactly as
 *    the cart was shown;
 * 2. answers the order already placed with the submit's idempotency key, if any (a submit waiting on the lock while
 *    the first one committed);
 * 3. refuses an empty cart (400 `CHECKOUT__CART_EMPTY`) and a cart with errors of level 20 (400
 *    `CHECKOUT__CART_INVALID`, one item per error);
 * 4. checks the order data against the database: an active pickup location, addresses of the customer's company;
 * 5. reserves stock: per line `available_stock - LEAST(available_stock, quantity)` under the product's row lock, the
 *    rest of the quantity is the line's backorder; a closeout article never goes beyond its stock (400
 *    `CHECKOUT__CART_INVALID` with `product-stock-reached`);
 * 6. adds invoice orders (payment methods not paid in advance) to the company's used credit and refuses them over
 *    the limit (400 `{PROVIDER}__CREDIT_LIMIT_EXCEEDED`);
 * 7. writes the order with the next number of `order_number_seq`, the customer, address and cart snapshots, its
 *    product and promotion lines, counts the customer's order, empties the cart (lines, promotion codes, revision + 1),
 *    writes the confirmation mail to the outbox and enqueues its delivery and the order's hand-over to the ERP, in the
 *    same transaction (backend/jobs/queues.ts: the jobs exist exactly when the order does).
 *
 * After the commit the caller (the checkout route, the cXML OrderRequest route) hands a placed order to the ERP
 * itself (./erp-handover.ts `handOverAfterCommit`), so the answer comes with the order in the ERP; the enqueued
 * hand-over job is the retry when that fails or the process dies, and does nothing for an order already handed over.
 *
 * Steps 3 and 4 are `draftOrder` (the order's `OrderDraft`, plain JSON), 5 to 7 `writeOrder`, which also writes the
 * order of an approved approval request from the draft kept as the request's snapshot; `emptyCart`
 * (../cart/cart-change.ts) empties the cart.
 *
 * Between steps 2 and 3 the submit passes the registered order gates (./order-gates.ts, registered in
 * backend/commerce/extensions.ts): a gate may refuse the submit, answer something else than an order (spending: an
 * approval request above the order flow's threshold; a punch-out gate: the cart transferred to the ERP), name what
 * the order is booked to, and act on the written order in its transaction (spending: consume the budgets).
 *
 * Idempotency: the key is unique per customer (`order_idempotency_idx`) and is kept with the SHA-256 of its request
 * body (`checkout_submit_key`); a known key with another body answers 422 `{PROVIDER}__IDEMPOTENCY_KEY_REUSED`
 * (IETF draft-ietf-httpapi-idempotency-key-header). A submit with a known key and the same body answers that
 * order without a transaction; concurrent submits with the same key wait on the cart lock and then find the order;
 * a unique violation on insert (a submit that did not wait on the same cart lock) is answered by looking the order up.
 * Submits without a key are serialised by the cart lock: the second finds the cart empty.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { OrderCreateData, ShippingOption } from '../../../contract/order.ts';
import type { AuthenticatedCustomer } from '../../auth/guards.ts';
import type { BackendConfig } from '../../config.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { textArray } from '../../db/sql-params.ts';
import {
  cartTable,
  checkoutSubmitKeyTable,
  companyAddressTable,
  companyCreditTable,
  companyTable,
  contextTable,
  customerTable,
  languageTable,
  orderLineItemTable,
  orderTable,
  pickupLocationTable,
  shippingMethodTable,
  type OrderAddressSnapshot,
} from '../../db/schema/index.ts';
import { StoreApiError, violations } from '../../http/errors.ts';
import { randomId } from '../../lib/ids.ts';
import { queueMail } from '../../mail/outbox.ts';
import type { JobSender } from '../../jobs/queues.ts';
import { queueErpHandover } from './erp-handover.ts';
import { orderConfirmationMail } from '../../mail/templates.ts';
import type { StoreContext } from '../sales-channel-context.ts';
import { calculateCart } from '../cart/calculate-cart.ts';
import type { CalculatedCart, CartErrorEntry, CartModel } from '../cart/cart-model.ts';
import { emptyCart } from '../cart/cart-change.ts';
import { mapShippingMethod, PICKUP_SHIPPING_METHOD } from '../cart/methods.mapper.ts';
import { snapshotHash } from '../../lib/canonical-json.ts';
import { articleLinkReaderOf, customerSkusByProductId } from '../article-links/lookup.ts';
import { seesPrices } from '../accounts/prices-hidden.ts';
import {
  orderGates,
  type GatedSubmit,
  type OrderBookings,
  type PlacedOrder,
  type SubmitOutcome,
} from './order-gates.ts';
import { providerErrorCode } from '../../../contract/provider.ts';
import { SHOPWARE_ERROR_CODES } from '../../../contract/error-codes.ts';

type AddressRow = typeof companyAddressTable.$inferSelect;
type PickupLocationRow = typeof pickupLocationTable.$inferSelect;

export interface PlaceOrderDeps {
  db: Db;
  config: BackendConfig;
  /**
   * Enqueues the confirmation's delivery and the ERP hand-over job (the retry of the caller's hand-over after the
   * commit) in the order's transaction; none: not enqueued.
   */
  jobs?: JobSender | undefined;
}

export interface PlaceOrderInput {
  customer: AuthenticatedCustomer;
  context: StoreContext;
  data: OrderCreateData;
  /** The submit's `Idempotency-Key`, if sent. */
  idempotencyKey?: string | undefined;
  /**
   * The customer the order is booked to when it is not `customer`: a cXML OrderRequest is placed by a punch-out
   * session's own customer for the configured user (commerce/punchout/order-request.ts). Set in the order's
   * transaction, so the ERP hand-over (the request's and the job's) and the buyer's history only ever see that user.
   */
  bookTo?: string | undefined;
}

/** 400 for a cart without lines (Shopware's code). */
export function cartEmpty(): StoreApiError {
  return new StoreApiError(400, SHOPWARE_ERROR_CODES.CHECKOUT__CART_EMPTY, 'Cart is empty');
}

/** 400 `CHECKOUT__CART_INVALID` with one item per blocking cart error (Shopware's InvalidCartException). */
export function cartInvalid(errors: readonly CartErrorEntry[]): StoreApiError {
  return new StoreApiError(
    400,
    SHOPWARE_ERROR_CODES.CHECKOUT__CART_INVALID,
    `The cart is invalid, got ${errors.length} error(s).`,
    {
      items: errors.map((e) => ({
        status: '400',
        code: SHOPWARE_ERROR_CODES.CHECKOUT__CART_INVALID,
        title: 'Bad Request',
        detail: e.message,
        meta: { parameters: { ...e } },
      })),
    },
  );
}

/** The 404 of an address that is not one of the company's, at the request field that named it. */
function addressNotFound(id: string, pointer: string): StoreApiError {
  const detail = `Customer address with id "${id}" not found.`;
  return new StoreApiError(404, SHOPWARE_ERROR_CODES.CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND, detail, {
    items: [
      {
        status: '404',
        code: SHOPWARE_ERROR_CODES.CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND,
        title: 'Not Found',
        detail,
        meta: { parameters: { addressId: id } },
        source: { pointer },
      },
    ],
  });
}

/** True for PostgreSQL's unique_violation (SQLSTATE 23505), also when wrapped by the driver. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The order placed by `customerId` with `key`, if any. */
async function orderByKey(db: Db, customerId: string, key: string): Promise<string | null> {
  const [row] = await db
    .select({ id: orderTable.id })
    .from(orderTable)
    .where(and(eq(orderTable.customerId, customerId), eq(orderTable.idempotencyKey, key)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The fingerprint of a submit's request body: SHA-256 (hex) of the validated order data as canonical JSON (keys
 * sorted, defaults applied), so `{}` and `{"splitDelivery":"together"}` are the same request.
 */
export function requestFingerprint(data: OrderCreateData): string {
  return snapshotHash(data);
}

/**
 * 422 `{PROVIDER}__IDEMPOTENCY_KEY_REUSED`: the key already placed an order (or sent an approval request) for a
 * different request body (IETF draft-ietf-httpapi-idempotency-key-header, "Error Scenarios": a reused key with a
 * different payload is answered 422 Unprocessable Content).
 */
export function idempotencyKeyReused(provider: string): StoreApiError {
  return new StoreApiError(
    422,
    providerErrorCode(provider, 'IDEMPOTENCY_KEY_REUSED'),
    'This Idempotency-Key was already used for a different order request: send a new key for a new order.',
  );
}

/**
 * Refuses a key that was used for another request body (see `idempotencyKeyReused`); keys of orders placed before
 * fingerprints were kept have none and pass.
 *
 * @throws StoreApiError 422 `{PROVIDER}__IDEMPOTENCY_KEY_REUSED`.
 */
async function assertSameRequest(
  db: Db,
  provider: string,
  customerId: string,
  key: string,
  fingerprint: string,
): Promise<void> {
  const [row] = await db
    .select({ requestHash: checkoutSubmitKeyTable.requestHash })
    .from(checkoutSubmitKeyTable)
    .where(and(eq(checkoutSubmitKeyTable.customerId, customerId), eq(checkoutSubmitKeyTable.idempotencyKey, key)));
  if (row && row.requestHash !== fingerprint) throw idempotencyKeyReused(provider);
}

function snapshot(a: AddressRow, company: string): OrderAddressSnapshot {
  return {
    id: a.id,
    company,
    name: a.name,
    street: a.street,
    houseNumber: a.houseNumber,
    box: a.box,
    zipcode: a.zipcode,
    city: a.city,
    countryCode: a.countryCode,
  };
}

/** Printable lines of an address for the confirmation mail. */
function addressLines(a: {
  name: string;
  street: string;
  houseNumber: string | null;
  box: string | null;
  zipcode: string;
  city: string;
  countryCode: string;
}): string[] {
  const street = [a.street, a.houseNumber, a.box].filter(Boolean).join(' ');
  return [a.name, street, `${a.countryCode}-${a.zipcode} ${a.city}`];
}

/**
 * The shipping method the order asks for: for 'pickup' the active pickup method, for 'delivery' the context's method
 * unless that is pickup (then the first active delivery method); undefined leaves the context's choice.
 *
 * @throws StoreApiError 400 `VIOLATION::NO_SUCH_CHOICE_ERROR` at `/shippingOption` when no active method serves it.
 */
async function shippingMethodFor(
  db: Db,
  option: ShippingOption | undefined,
  token: string,
): Promise<string | undefined> {
  if (!option) return undefined;
  const methods = await db
    .select({ id: shippingMethodTable.id, technicalName: shippingMethodTable.technicalName })
    .from(shippingMethodTable)
    .where(eq(shippingMethodTable.active, true))
    .orderBy(asc(shippingMethodTable.position), asc(shippingMethodTable.technicalName));
  const isPickup = (m: { technicalName: string }) => m.technicalName === PICKUP_SHIPPING_METHOD;
  const unavailable = () =>
    violations([
      {
        pointer: '/shippingOption',
        code: 'NO_SUCH_CHOICE_ERROR',
        detail: `No active shipping method offers ${option === 'pickup' ? 'a pickup' : 'a delivery'}.`,
      },
    ]);
  if (option === 'pickup') {
    const pickup = methods.find(isPickup);
    if (!pickup) throw unavailable();
    return pickup.id;
  }
  const [row] = await db
    .select({ payload: contextTable.payload })
    .from(contextTable)
    .where(eq(contextTable.token, token));
  const chosen = methods.find((m) => m.id === row?.payload.shippingMethodId) ?? methods[0];
  if (chosen && !isPickup(chosen)) return undefined;
  const delivery = methods.find((m) => !isPickup(m));
  if (!delivery) throw unavailable();
  return delivery.id;
}

/**
 * Places the order of the customer's cart (see the module comment).
 *
 * @throws StoreApiError 400 `CHECKOUT__CART_EMPTY`, `CHECKOUT__CART_INVALID`, `VIOLATION::…` for the order data,
 *   `{PROVIDER}__CREDIT_LIMIT_EXCEEDED`, `CHECKOUT__UNKNOWN_PAYMENT_METHOD`; 404 `CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND`;
 *   422 `{PROVIDER}__IDEMPOTENCY_KEY_REUSED` for a known key with another request body.
 */
export async function placeOrder(deps: PlaceOrderDeps, input: PlaceOrderInput): Promise<SubmitOutcome> {
  const { db } = deps;
  const { customer, idempotencyKey: key } = input;
  const earlier = async (): Promise<SubmitOutcome | null> => {
    if (!key) return null;
    // What the key became is read before the key's body: the key's row commits in the same transaction as its order
    // or approval request, so a result found here always comes with its row. Read the other way round, a submit
    // committing in between would be answered although its body differs.
    const order = await orderByKey(db, customer.id, key);
    const gated = order ? null : await earlierThroughGates(db, customer.id, key);
    await assertSameRequest(db, deps.config.provider, customer.id, key, requestFingerprint(input.data));
    if (order) return { kind: 'order', orderId: order, created: false, mailId: null };
    return gated;
  };
  const known = await earlier();
  if (known) return known;
  try {
    return await db.transaction(async (tx) => placeInTransaction(deps, tx as unknown as Db, input));
  } catch (err) {
    if (key && isUniqueViolation(err)) {
      const found = await earlier();
      if (found) return found;
    }
    throw err;
  }
}

/** What an earlier submit with `key` became through a gate (an approval request, …), or null. */
async function earlierThroughGates(db: Db, customerId: string, key: string): Promise<SubmitOutcome | null> {
  for (const gate of orderGates()) {
    const found = await gate.earlier?.(db, customerId, key);
    if (found) return found;
  }
  return null;
}

async function placeInTransaction(deps: PlaceOrderDeps, tx: Db, input: PlaceOrderInput): Promise<SubmitOutcome> {
  const { config } = deps;
  const { customer, context, data, idempotencyKey: key } = input;
  const shippingMethodId = await shippingMethodFor(tx, data.shippingOption, context.token);
  const { cart, model } = await calculateCart(tx, customer, context, {
    config,
    forUpdate: true,
    ...(shippingMethodId ? { shippingMethodId } : {}),
    ...(data.shippingAddressId ? { shippingAddressId: data.shippingAddressId } : {}),
  });
  if (key) {
    // A submit that waited on the cart lock while one with the same key committed: the same body answers that
    // order (or what a gate made of it, answered by that gate), another body 422. Otherwise the key is recorded
    // with its body in this transaction.
    const fingerprint = requestFingerprint(data);
    await assertSameRequest(tx, config.provider, customer.id, key, fingerprint);
    const existing = await orderByKey(tx, customer.id, key);
    if (existing) return { kind: 'order', orderId: existing, created: false, mailId: null };
    if (!(await earlierThroughGates(tx, customer.id, key))) {
      await tx
        .insert(checkoutSubmitKeyTable)
        .values({ customerId: customer.id, idempotencyKey: key, requestHash: fingerprint });
    }
  }
  const [choice] = await tx
    .select({ costCenterId: cartTable.costCenterId })
    .from(cartTable)
    .where(eq(cartTable.customerId, customer.id));
  const submit: GatedSubmit = {
    config,
    jobs: deps.jobs,
    customer,
    context,
    data,
    cart,
    model,
    costCenterId: choice?.costCenterId ?? null,
    idempotencyKey: key ?? null,
    now: new Date(),
  };
  // The gates (./order-gates.ts) check the submit and may answer something else than an order.
  for (const gate of orderGates()) {
    const diverted = await gate.beforeOrder?.(tx, submit);
    if (diverted) return diverted;
  }
  const bookings: OrderBookings = {};
  for (const gate of orderGates()) Object.assign(bookings, gate.bookings?.(submit));
  const draft = await draftOrder(tx, { customer, context, data, cart, model });
  const written = await writeOrder(deps, tx, draft, {
    idempotencyKey: key ?? null,
    flowId: bookings.flowId ?? null,
    orderReferenceId: bookings.orderReferenceId ?? null,
    costCenterId: submit.costCenterId,
  });
  for (const gate of orderGates()) await gate.afterOrder?.(tx, submit, written);
  if (input.bookTo)
    await tx.update(orderTable).set({ customerId: input.bookTo }).where(eq(orderTable.id, written.orderId));
  await emptyCart(tx, customer.id);
  return { kind: 'order', ...written };
}

/** What an order is written from: the calculated cart's figures and the order data, resolved against the database. */
export type OrderDraftModel = Pick<
  CartModel,
  | 'lines'
  | 'promotions'
  | 'goodsCents'
  | 'discountCents'
  | 'positionPriceCents'
  | 'shippingCents'
  | 'surchargeCents'
  | 'netCents'
  | 'taxes'
  | 'taxCents'
  | 'totalCents'
  | 'shippingOption'
>;

/**
 * Everything an order is written from, plain JSON (an approval request keeps it as its snapshot and the order is
 * written from it when approved): who orders in which sales channel and language, the order data, the calculated
 * cart (Shopware's answer and its figures in cents), the payment and shipping method, the addresses as they were and
 * the pickup location.
 */
export interface OrderDraft {
  customerId: string;
  companyId: string;
  salesChannelId: string;
  languageId: string;
  data: OrderCreateData;
  /** The cart as it was answered (Shopware's Cart shape). */
  cart: Record<string, unknown>;
  model: OrderDraftModel;
  paymentMethod: { id: string; technicalName: string; paidInAdvance: boolean };
  shippingMethod: { id: string; technicalName: string; name: string } | null;
  shippingAddress: OrderAddressSnapshot | null;
  billingAddress: OrderAddressSnapshot;
  pickupLocation: {
    id: string;
    kind: string;
    name: string;
    street: string;
    zipcode: string;
    city: string;
    countryCode: string;
  } | null;
  orderCustomer: { firstName: string; lastName: string; email: string; company: string; companyNumber: string };
  /** Where the confirmation goes and in which language (de-DE, en-GB, fr-FR, nl-NL). */
  mail: { to: string; name: string; locale: string };
}

/** What `draftOrder` resolves: the customer's calculated cart and the order data. */
export interface DraftOrderInput {
  customer: AuthenticatedCustomer;
  context: StoreContext;
  data: OrderCreateData;
  cart: CalculatedCart['cart'];
  model: CartModel;
}

/**
 * Checks the calculated cart and the order data inside the order's transaction and resolves them into an
 * `OrderDraft`: the cart has lines and no blocking error, a payment method is available, the addresses are the
 * company's (else the context's choice, the customer's default, the main address), a pickup names an active
 * pickup location.
 *
 * @throws StoreApiError 400 `CHECKOUT__CART_EMPTY`, `CHECKOUT__CART_INVALID`, `CHECKOUT__UNKNOWN_PAYMENT_METHOD`,
 *   `VIOLATION::…` for the order data; 404 `CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND`.
 */
export async function draftOrder(tx: Db, input: DraftOrderInput): Promise<OrderDraft> {
  const { customer, context, data, cart, model } = input;
  if (model.lines.length === 0) throw cartEmpty();
  const blocking = model.errors.filter((e) => e.level === 20);
  if (blocking.length) throw cartInvalid(blocking);
  const paymentMethod = model.paymentMethod;
  if (!paymentMethod) {
    throw new StoreApiError(
      400,
      SHOPWARE_ERROR_CODES.CHECKOUT__UNKNOWN_PAYMENT_METHOD,
      'No payment method is available.',
    );
  }

  // Who orders, for whom, to where.
  const [row] = await tx
    .select({ customer: customerTable, company: companyTable })
    .from(customerTable)
    .innerJoin(companyTable, eq(companyTable.id, customerTable.companyId))
    .where(eq(customerTable.id, customer.id));
  if (!row)
    throw new StoreApiError(403, SHOPWARE_ERROR_CODES.CHECKOUT__CUSTOMER_NOT_LOGGED_IN, 'Customer is not logged in.');
  const addresses = await tx
    .select()
    .from(companyAddressTable)
    .where(eq(companyAddressTable.companyId, customer.companyId))
    .orderBy(asc(companyAddressTable.createdAt));
  const main = addresses.find((a) => a.isMain) ?? addresses[0];
  const pick = (requested: string | null | undefined, pointer: string, ...fallbacks: (string | null)[]) => {
    if (requested) {
      const found = addresses.find((a) => a.id === requested);
      if (!found) throw addressNotFound(requested, pointer);
      return found;
    }
    for (const id of fallbacks) {
      const found = addresses.find((a) => a.id === id);
      if (found) return found;
    }
    return main;
  };
  const shippingOption = model.shippingOption;
  const shippingRow = pick(
    data.shippingAddressId,
    '/shippingAddressId',
    model.shippingAddressId,
    row.customer.defaultShippingAddressId,
  );
  const billingRow = pick(
    data.billingAddressId,
    '/billingAddressId',
    model.billingAddressId,
    row.customer.defaultBillingAddressId,
  );
  if (!billingRow) {
    throw violations([
      { pointer: '/billingAddressId', code: 'IS_BLANK_ERROR', detail: 'The company has no address to invoice to.' },
    ]);
  }
  let pickupLocation: PickupLocationRow | null = null;
  if (shippingOption === 'pickup') {
    if (!data.pickupLocationId) {
      throw violations([
        { pointer: '/pickupLocationId', code: 'IS_BLANK_ERROR', detail: 'A pickup needs a pickup location.' },
      ]);
    }
    [pickupLocation = null] = await tx
      .select()
      .from(pickupLocationTable)
      .where(and(eq(pickupLocationTable.id, data.pickupLocationId), eq(pickupLocationTable.active, true)));
    if (!pickupLocation) {
      throw violations([
        {
          pointer: '/pickupLocationId',
          code: 'NO_SUCH_CHOICE_ERROR',
          detail: 'The pickup location does not exist or is closed.',
        },
      ]);
    }
  }
  const [language] = row.customer.languageId
    ? await tx
        .select({ localeCode: languageTable.localeCode })
        .from(languageTable)
        .where(eq(languageTable.id, row.customer.languageId))
    : [];
  const companyName = row.company.name;
  const shippingMethod = model.shippingMethod;
  return {
    customerId: customer.id,
    companyId: customer.companyId,
    salesChannelId: context.salesChannel.id,
    languageId: context.language.id,
    data,
    cart: cart as unknown as Record<string, unknown>,
    model: {
      lines: model.lines,
      promotions: model.promotions,
      goodsCents: model.goodsCents,
      discountCents: model.discountCents,
      positionPriceCents: model.positionPriceCents,
      shippingCents: model.shippingCents,
      surchargeCents: model.surchargeCents,
      netCents: model.netCents,
      taxes: model.taxes,
      taxCents: model.taxCents,
      totalCents: model.totalCents,
      shippingOption,
    },
    paymentMethod: {
      id: paymentMethod.id,
      technicalName: paymentMethod.technicalName,
      paidInAdvance: paymentMethod.paidInAdvance,
    },
    shippingMethod: shippingMethod
      ? {
          id: shippingMethod.id,
          technicalName: shippingMethod.technicalName,
          name: mapShippingMethod(shippingMethod, context.language.localeCode).name,
        }
      : null,
    shippingAddress: shippingOption === 'delivery' && shippingRow ? snapshot(shippingRow, companyName) : null,
    billingAddress: snapshot(billingRow, companyName),
    pickupLocation: pickupLocation
      ? {
          id: pickupLocation.id,
          kind: pickupLocation.kind,
          name: pickupLocation.name,
          street: pickupLocation.street,
          zipcode: pickupLocation.zipcode,
          city: pickupLocation.city,
          countryCode: pickupLocation.countryCode,
        }
      : null,
    orderCustomer: {
      firstName: row.customer.firstName,
      lastName: row.customer.lastName,
      email: row.customer.email,
      company: companyName,
      companyNumber: row.company.companyNumber,
    },
    mail: {
      to: row.customer.email,
      name: `${row.customer.firstName} ${row.customer.lastName}`.trim(),
      locale: language?.localeCode ?? context.language.localeCode,
    },
  };
}

/** What an order records beside its draft: the submit's key and the spending records it is booked to. */
export interface WriteOrderOptions {
  idempotencyKey?: string | null;
  /** The order flow whose budget the order consumed. */
  flowId?: string | null;
  /** The approval request the order comes from. */
  approvalId?: string | null;
  orderReferenceId?: string | null;
  costCenterId?: string | null;
}

/**
 * Writes an order from its draft inside the caller's transaction, for a direct checkout and for an approved request
 * alike: takes the stock (the rest is backorder), adds an invoice order to the company's used credit, writes the
 * order with the next number of `order_number_seq` and its lines at the draft's prices, counts the customer's order,
 * enqueues its hand-over job to the ERP (./erp-handover.ts: the retry of the hand-over the caller makes after the
 * commit with `handOverAfterCommit`) and queues the confirmation mail (without amounts when the ordering customer
 * does not hold ROLE_VIEW_PRICES when the order is written). The cart is not touched (`emptyCart`). Each product line
 * keeps the company's own article number as linked at this moment (`customer_article_number`, docs/decisions/017),
 * when the ordering customer holds ROLE_MANAGE_ARTICLE_LINKS.
 *
 * @throws StoreApiError 400 `CHECKOUT__CART_INVALID` (`product-stock-reached` for a closeout article),
 *   `{PROVIDER}__CREDIT_LIMIT_EXCEEDED`.
 */
export async function writeOrder(
  deps: Pick<PlaceOrderDeps, 'config' | 'jobs'>,
  tx: Db,
  draft: OrderDraft,
  options: WriteOrderOptions = {},
): Promise<PlacedOrder & { orderNumber: string }> {
  const provider = deps.config.provider;
  const { model, data, paymentMethod, pickupLocation } = draft;

  // Stock: lock the products in id order (no deadlock between orders), take what is there, the rest is backorder.
  const backorders = await reserveStock(tx, model);

  // Credit: invoice orders add to the open receivables, never above the limit.
  if (!paymentMethod.paidInAdvance) {
    const [credit] = await tx
      .update(companyCreditTable)
      .set({ usedCents: sql`${companyCreditTable.usedCents} + ${model.totalCents}`, updatedAt: new Date() })
      .where(eq(companyCreditTable.companyId, draft.companyId))
      .returning({ usedCents: companyCreditTable.usedCents, limitCents: companyCreditTable.limitCents });
    if (credit && credit.usedCents > credit.limitCents) {
      throw new StoreApiError(
        400,
        providerErrorCode(provider, 'CREDIT_LIMIT_EXCEEDED'),
        'The order exceeds the company’s available credit: pay in advance or by credit card.',
        {
          parameters: { availableCredit: Math.max(0, credit.limitCents - (credit.usedCents - model.totalCents)) / 100 },
        },
      );
    }
  }

  // The order.
  const orderId = randomId();
  const [placed] = await tx
    .insert(orderTable)
    .values({
      id: orderId,
      orderNumber: sql`nextval('order_number_seq')::text`,
      customerId: draft.customerId,
      companyId: draft.companyId,
      salesChannelId: draft.salesChannelId,
      languageId: draft.languageId,
      idempotencyKey: options.idempotencyKey ?? null,
      positionPriceCents: model.positionPriceCents,
      shippingCents: model.shippingCents,
      surchargeCents: model.surchargeCents,
      discountCents: model.discountCents,
      netCents: model.netCents,
      taxCents: model.taxCents,
      totalCents: model.totalCents,
      calculatedTaxes: model.taxes.map((t) => ({ taxRate: t.taxRate, netCents: t.netCents, taxCents: t.taxCents })),
      shippingMethodId: draft.shippingMethod?.id ?? null,
      paymentMethodId: paymentMethod.id,
      shippingOption: model.shippingOption,
      pickupLocationId: pickupLocation?.id ?? null,
      shippingAddress: draft.shippingAddress,
      billingAddress: draft.billingAddress,
      splitDelivery: data.splitDelivery,
      requestedShippingDate: data.requestedShippingDate ?? null,
      orderReference: data.orderReference ?? null,
      orderReferenceId: options.orderReferenceId ?? null,
      costCenterId: options.costCenterId ?? null,
      flowId: options.flowId ?? null,
      approvalId: options.approvalId ?? null,
      fileNumber: data.fileNumber ?? null,
      remark: data.remark ?? data.customerComment ?? null,
      promotionCodes: model.promotions.map((p) => p.code),
      orderCustomer: draft.orderCustomer,
      cartSnapshot: draft.cart,
    })
    .returning({ orderNumber: orderTable.orderNumber });
  const orderNumber = placed!.orderNumber;
  const promotionRate = [...model.taxes].sort((a, b) => b.netCents - a.netCents)[0]?.taxRate ?? '0';
  // Each line keeps the company's own article number as linked now (docs/decisions/017), read for the ordering
  // customer inside this transaction; none without ROLE_MANAGE_ARTICLE_LINKS.
  const orderer = await articleLinkReaderOf(tx, draft.customerId);
  const customerSkus = await customerSkusByProductId(
    tx,
    orderer,
    model.lines.map((l) => l.productId),
  );
  await tx.insert(orderLineItemTable).values([
    ...model.lines.map((l, i) => ({
      id: randomId(),
      orderId,
      position: i + 1,
      type: 'product',
      referencedId: l.productId,
      productNumber: l.productNumber,
      label: l.label,
      quantity: l.quantity,
      backorderQuantity: backorders.get(l.id) ?? 0,
      unitPrice: l.unitPrice,
      totalCents: l.totalCents,
      taxRate: l.taxRate,
      unit: l.unit,
      remark: l.remark,
      customerArticleNumber: customerSkus.get(l.productId) ?? null,
      payload: { ...l.payload, customerArticleNumber: customerSkus.get(l.productId) ?? null },
    })),
    ...model.promotions.map((p, i) => ({
      id: randomId(),
      orderId,
      position: model.lines.length + i + 1,
      type: 'promotion',
      referencedId: p.id,
      productNumber: null,
      label: p.label,
      quantity: 1,
      backorderQuantity: 0,
      unitPrice: (-p.discountCents / 100).toFixed(2),
      totalCents: -p.discountCents,
      taxRate: promotionRate,
      unit: null,
      remark: null,
      payload: { code: p.code, promotionId: p.id, discountType: p.discountType, value: p.value },
    })),
  ]);
  await tx
    .update(customerTable)
    .set({ orderCount: sql`${customerTable.orderCount} + 1` })
    .where(eq(customerTable.id, draft.customerId));
  await queueErpHandover(tx, orderId, deps.jobs);

  // The confirmation, in the customer's language, written with the order; without any amount to a customer who does
  // not hold ROLE_VIEW_PRICES now (also a requester whose right was taken while the approval waited).
  const mailId = await queueMail(
    tx,
    orderConfirmationMail({
      to: draft.mail.to,
      name: draft.mail.name,
      locale: draft.mail.locale,
      seesPrices: orderer !== null && seesPrices(orderer),
      orderNumber,
      orderReference: data.orderReference ?? null,
      lines: model.lines.map((l) => ({
        productNumber: l.productNumber,
        label: l.label,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        totalCents: l.totalCents,
        backorderQuantity: backorders.get(l.id) ?? 0,
      })),
      totals: {
        goodsCents: model.goodsCents,
        discountCents: model.discountCents,
        shippingCents: model.shippingCents,
        surchargeCents: model.surchargeCents,
        netCents: model.netCents,
        taxes: model.taxes.map((t) => ({ taxRate: t.taxRate, taxCents: t.taxCents })),
        totalCents: model.totalCents,
      },
      destination: pickupLocation
        ? { kind: 'pickup', location: addressLines({ ...pickupLocation, houseNumber: null, box: null }) }
        : {
            kind: 'delivery',
            address: draft.shippingAddress
              ? [draft.shippingAddress.company, ...addressLines(draft.shippingAddress)]
              : [],
          },
    }),
    deps.jobs,
  );
  return { orderId, orderNumber, created: true, mailId };
}

/**
 * Takes the ordered pieces from `available_stock` under the products' row locks (taken in id order, so two orders
 * never wait on each other crosswise): each line takes `LEAST(available_stock, quantity)`, the rest is its backorder.
 *
 * @returns backorder pieces per line id.
 * @throws StoreApiError 400 `CHECKOUT__CART_INVALID` (`product-stock-reached`) when a closeout line needs more than
 *   the stock left.
 */
async function reserveStock(tx: Db, model: Pick<CartModel, 'lines'>): Promise<Map<string, number>> {
  const ids = [...new Set(model.lines.map((l) => l.productId))].sort();
  const locked = await queryRows<{ id: string; available_stock: number; is_closeout: boolean }>(
    tx,
    sql`SELECT id, available_stock, is_closeout FROM product WHERE id = ANY(${textArray(ids)}) ORDER BY id FOR UPDATE`,
  );
  const stock = new Map(locked.map((p) => [p.id, { left: Math.max(0, p.available_stock), closeout: p.is_closeout }]));
  const backorders = new Map<string, number>();
  const short: CartErrorEntry[] = [];
  for (const line of model.lines) {
    const product = stock.get(line.productId);
    const left = product?.left ?? 0;
    const taken = Math.min(left, line.quantity);
    if (product?.closeout && taken < line.quantity) {
      short.push({
        key: `product-stock-reached-${line.id}`,
        messageKey: 'product-stock-reached',
        level: 20,
        message: `Only ${left} of ${line.label} are left in stock.`,
        id: line.id,
        name: line.label,
        quantity: left,
      });
      continue;
    }
    if (product) product.left = left - taken;
    backorders.set(line.id, line.quantity - taken);
  }
  if (short.length) throw cartInvalid(short);
  for (const line of model.lines) {
    await tx.execute(
      sql`UPDATE product SET available_stock = available_stock - LEAST(GREATEST(available_stock, 0), ${line.quantity})
          WHERE id = ${line.productId}`,
    );
  }
  return backorders;
}
