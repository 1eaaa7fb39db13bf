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
 * The confirmation mail, written to the outbox with the order, is handed to the mail server after the commit, and the
 * order is handed to the ERP (`ErpPort.transferOrder`, docs/decisions/016-erp.md); a failed hand-over is logged and
 * never changes the answer: the simulated ERP's sweep copies every order that was not handed over.
 *
 * Fault injection for the crash test: with `WERKBANK_FAULT_EXIT_AFTER_ORDER_COMMIT=1` in the environment when the
 * routes are registered (read once), the process exits right after an order's commit, before answering, as a backend
 * killed at that moment would.
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
import { deliverQueuedMail } from '../../mail/outbox.ts';
import type { ErpPort } from '../../erp/port.ts';
import type { StoreApiEnv } from '../context.ts';
import { loadOrderRecords } from '../../commerce/orders/order-records.ts';
import { mapOrder } from '../order.mapper.ts';
import { readsArticleLinks } from '../../commerce/article-links/lookup.ts';
import { placeOrder } from '../../commerce/orders/order-placement.ts';
import { pricedFor } from '../../commerce/accounts/prices-hidden.ts';
import { describeErrorForLog } from '../../db/errors.ts';
import { handOverToErp } from '../../commerce/orders/erp-handover.ts';

export interface CheckoutOrderDeps {
  db: Db;
  config: BackendConfig;
  /** The ERP a placed order is handed to; none: the order stays in the shop alone. */
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
      if (placed.kind === 'order') await handOverToErp(deps.erp, placed.orderId);
      const mailIds = placed.kind === 'order' ? (placed.mailId ? [placed.mailId] : []) : placed.mailIds;
      for (const mailId of mailIds) {
        void deliverQueuedMail(db, mailId).catch((err: unknown) =>
          console.error(`[checkout] mail ${mailId} not handed over: ${describeErrorForLog(err)}`),
        );
      }
      if (placed.kind === 'approval') {
        const body: OrderApprovalRequest = {
          apiAlias: 'order_approval_request',
          id: placed.approvalId,
          approvalNumber: placed.approvalNumber,
          status: 'pending',
        };
        return c.json(body);
      }
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
