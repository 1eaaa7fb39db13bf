/**
 * Order gates: what a submit passes through between the calculated, locked cart and the written order
 * (./order-placement.ts `placeOrder`). Features outside order placement plug in here, so order placement never
 * imports them: a gate may refuse the submit (throw a StoreApiError), divert it (answer something else than an order,
 * e.g. an approval request), name records the order is booked to, and act on the written order in its transaction.
 *
 * Gates run in the order they were registered (`registerOrderGate`, each once by its name), from
 * backend/commerce/extensions.ts: spending registers its approval gate (order reference still usable, approval above
 * the order flow's threshold, budgets consumed with the order). A punch-out gate (OCI/cXML: a punch-out session's cart
 * is transferred to the ERP instead of ordered) is registered there as one more extension, diverting the submit with
 * an outcome of its own (one more member of `DivertedSubmit`).
 *
 * The gates are installed by `createStoreApi` (backend/app.ts): code that places orders outside the app must install
 * them first (backend/commerce/extensions.ts `installCommerceExtensions`).
 */
import type { OrderCreateData } from '../../../contract/order.ts';
import type { AuthenticatedCustomer } from '../../auth/guards.ts';
import type { BackendConfig } from '../../config.ts';
import type { JobSender } from '../../jobs/queues.ts';
import type { Db } from '../../db/client.ts';
import type { StoreContext } from '../sales-channel-context.ts';
import type { CalculatedCart } from '../cart/cart-model.ts';

/** A placed order. */
export interface PlacedOrder {
  orderId: string;
  /** False when an earlier submit with the same idempotency key placed it. */
  created: boolean;
  /** The confirmation mail's outbox id (new orders only). */
  mailId: string | null;
}

/** What a submit did instead of placing an order: it sent an approval request (docs/decisions/015). */
export interface SubmittedApproval {
  approvalId: string;
  approvalNumber: string;
  /** False when an earlier submit with the same idempotency key sent it. */
  created: boolean;
  /** Outbox ids of the mails to the approvers (their delivery is enqueued with them). */
  mailIds: string[];
}

/** What a gate answers instead of an order. */
export type DivertedSubmit = { kind: 'approval' } & SubmittedApproval;

/** The outcome of a submit: an order, or what a gate diverted it to. */
export type SubmitOutcome = ({ kind: 'order' } & PlacedOrder) | DivertedSubmit;

/** The records an order is booked to beside its draft (columns of `order`). */
export interface OrderBookings {
  /** The order flow whose budget the order consumed. */
  flowId?: string | null;
  orderReferenceId?: string | null;
}

/** A submit as a gate sees it, inside the order's transaction, after the cart was calculated with its row locked. */
export interface GatedSubmit {
  config: BackendConfig;
  /** Enqueues the jobs of what a gate writes in the transaction (its mails); none: not enqueued. */
  jobs: JobSender | undefined;
  customer: AuthenticatedCustomer;
  context: StoreContext;
  data: OrderCreateData;
  cart: CalculatedCart['cart'];
  model: CalculatedCart['model'];
  /** The cost centre chosen on the cart. */
  costCenterId: string | null;
  idempotencyKey: string | null;
  /** The instant of the submit. */
  now: Date;
}

/** One order gate (module comment); every member is optional. */
export interface OrderGate {
  readonly name: string;
  /** What an earlier submit with `key` became through this gate (outside or inside the transaction), or null. */
  earlier?(db: Db, customerId: string, key: string): Promise<DivertedSubmit | null>;
  /** Checks the submit and may divert it (an outcome) or let it through (null); throws to refuse it. */
  beforeOrder?(tx: Db, submit: GatedSubmit): Promise<DivertedSubmit | null>;
  /** What the order is booked to for this gate. */
  bookings?(submit: GatedSubmit): OrderBookings;
  /** Acts on the written order in its transaction (throws to roll the order back). */
  afterOrder?(tx: Db, submit: GatedSubmit, order: PlacedOrder): Promise<void>;
}

const gates: OrderGate[] = [];

/** Adds `gate` after the ones registered before it; a name already registered is left as it is. */
export function registerOrderGate(gate: OrderGate): void {
  if (!gates.some((g) => g.name === gate.name)) gates.push(gate);
}

/** The registered gates, in order. */
export function orderGates(): readonly OrderGate[] {
  return gates;
}
