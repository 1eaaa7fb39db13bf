/**
 * `POST /store-api/checkout/order` (Shopware's createOrder): places the order of the logged-in customer's cart
 * (backend/commerce/orders/order-placement.ts) and answers it as Shopware's Order. Needs ROLE_PLACE_ORDERS
 * (403 `{PROVIDER}__MISSING_RIGHT`).
 * When the cart's net total is at or above the threshold of the customer's order flow, no order is placed: the
 * submit sends an approval request and answers contract/order.ts's OrderApprovalRequest
 * (`{ apiAlias: 'order_approval_request', id, approvalNumber, status: 'pending' }`) with status 200.
 * The body is contract/order.ts's OrderCreateRequestSchema; the optional `Idempotency-Key` header (1–128 printable
 * characters) makes a repeated submit answer the same order with the same body.
 *
 * Right after the commit the request hands the order to the ERP (`ErpPort.transferOrder`, docs/decisions/016-erp.md;
 * backend/commerce/orders/erp-handover.ts `handOverAfterCommit`), so the buyer's order history shows it with the
 * answer; a failure is logged and never changes the answer. The confirmation mail and the order's hand-over job (the
 * retry) are jobs written in the order's transaction (backend/jobs/queues.ts), run by a worker after the commit and
 * retried until they succeed; the hand-over job does nothing for an order the request handed over.
 *
 * Fault injection for the crash test: with `WERKBANK_FAULT_EXIT_AFTER_ORDER_COMMIT=1` in the environment when the
 * routes are registered (read once), the process exits right after an order's commit, before answering and before
 * the hand-over, as a backend killed at that moment would; the jobs committed with the order are run by another
 * process.
 */
import type { Hono } from 'hono';
import {
  OrderCreateHeadersSchema,
  OrderCreateRequestSchema,
  type OrderApprovalRequest,
} from '../../../contract/order.ts';
import { requireCustomer, requireRight } from '../../auth/guards.ts';
import type { BackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { validate } from '../../http/validate.ts';
import type { ErpPort } from '../../erp/port.ts';
import type { JobSender } from '../../jobs/queues.ts';
import type { StoreApiEnv } from '../context.ts';
import { loadOrderRecords } from '../../commerce/orders/order-records.ts';
import { mapOrder } from '../order.mapper.ts';
import { readsArticleLinks } from '../../commerce/article-links/lookup.ts';
import { placeOrder } from '../../commerce/orders/order-placement.ts';
import { pricedFor } from '../../commerce/accounts/prices-hidden.ts';
import { handOverAfterCommit } from '../../commerce/orders/erp-handover.ts';

export interface CheckoutOrderDeps {
  db: Db;
  config: BackendConfig;
  /** Enqueues the confirmation mail and the ERP hand-over with the order; none: nothing is enqueued. */
  jobs?: JobSender | undefined;
  /** The ERP the request hands a placed order to after the commit; none: the hand-over job alone hands it over. */
  erp?: Pick<ErpPort, 'transferOrder'> | undefined;
}

/** The environment variable of the fault injection (see the module comment). */
export const FAULT_EXIT_AFTER_ORDER_COMMIT = 'WERKBANK_FAULT_EXIT_AFTER_ORDER_COMMIT';

/** Registers `POST /store-api/checkout/order`. */
export function registerCheckoutOrderRoutes(
  app: Hono<StoreApiEnv>,
  deps: CheckoutOrderDeps,
  env: Record<string, string | undefined> = process.env,
): void {
  const { db, config } = deps;
  const exitAfterCommit = env[FAULT_EXIT_AFTER_ORDER_COMMIT] === '1';

  app.post(
    '/store-api/checkout/order',
    validate('header', OrderCreateHeadersSchema),
    validate('json', OrderCreateRequestSchema),
    async (c) => {
      const customer = await requireCustomer(c, db);
      requireRight(customer, 'ROLE_PLACE_ORDERS', config.provider);
      const context = c.get('context');
      const placed = await placeOrder(deps, {
        customer,
        context,
        data: c.req.valid('json'),
        idempotencyKey: c.req.valid('header')['idempotency-key'],
      });
      if (placed.created && exitAfterCommit) process.exit(75);
      if (placed.kind === 'approval') {
        const body: OrderApprovalRequest = {
          apiAlias: 'order_approval_request',
          id: placed.approvalId,
          approvalNumber: placed.approvalNumber,
          status: 'pending',
        };
        return c.json(body);
      }
      await handOverAfterCommit(db, deps.erp, placed.orderId);
      const [record] = await loadOrderRecords(db, [placed.orderId]);
      return c.json(
        pricedFor(
          customer,
          mapOrder(record!, context.language.localeCode, { customerArticleNumbers: readsArticleLinks(customer) }),
        ),
      );
    },
  );
}
