/**
 * The approval endpoints of the provider API (contract/provider/approvals.ts, docs/decisions/015):
 * - `POST /store-api/{provider}/order/approvals`: one page of the requests the caller may see (./approval-list.ts),
 *   their amounts 0 to a caller without ROLE_VIEW_PRICES, budgets kept (../prices-hidden.ts);
 * - `POST /store-api/{provider}/order/approve/{id}`: approves one request
 *   (backend/commerce/spending/approval.service.ts `decideApproval`);
 * - `POST /store-api/{provider}/order/approvals/actions`: approves or declines up to 100 requests, each decision in
 *   its own transaction, answering an outcome or an error per id;
 * - `POST /store-api/{provider}/order/withdraw/{id}`: the requester withdraws their own pending request
 *   (backend/commerce/spending/approval.service.ts `withdrawApproval`; another's answers 404).
 * Deciding needs ROLE_APPROVE_ORDER_FLOWS (checked again inside each decision's transaction). An order an approval
 * wrote is handed to the ERP by the request right after its decision committed
 * (backend/commerce/orders/erp-handover.ts `handOverAfterCommit`; a failure is logged, never answered). The mails
 * written with a decision and the order's hand-over job (the retry) are jobs enqueued in the decision's transaction
 * (backend/jobs/queues.ts). Answers are per company: `private, no-store`.
 */
import type { Hono } from 'hono';
import { type ApprovalActionResult, type ApprovalActionsResponse } from '../../../contract/provider/approvals.ts';
import { requireCustomer, requireRight } from '../../auth/guards.ts';
import type { BackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { StoreApiError } from '../../http/errors.ts';
import type { ErpPort } from '../../erp/port.ts';
import type { JobSender } from '../../jobs/queues.ts';
import type { StoreApiEnv } from '../context.ts';
import { pricedFor } from '../../commerce/accounts/prices-hidden.ts';
import { listApprovals } from '../../commerce/spending/approval-list.ts';
import { APPROVE_RIGHT, decideApproval, withdrawApproval } from '../../commerce/spending/approval.service.ts';
import { providerRoute } from '../../http/provider-route.ts';
import { handOverAfterCommit } from '../../commerce/orders/erp-handover.ts';

export interface ApprovalRouteDeps {
  db: Db;
  config: BackendConfig;
  /** Enqueues the mails and the ERP hand-over written with a decision; none: nothing is enqueued. */
  jobs?: JobSender | undefined;
  /** The ERP the request hands an approved order to after the commit; none: the hand-over job alone hands it over. */
  erp?: Pick<ErpPort, 'transferOrder'> | undefined;
}

/** Registers the approval endpoints (see the module comment). */
export function registerApprovalRoutes(app: Hono<StoreApiEnv>, deps: ApprovalRouteDeps): void {
  const { db, config } = deps;

  providerRoute(app, config.provider, 'listApprovals', async (c) => {
    const me = await requireCustomer(c, db);
    const page = await listApprovals(db, me, c.req.valid('json'));
    c.header('cache-control', 'private, no-store');
    return pricedFor(me, page);
  });

  providerRoute(app, config.provider, 'approveOrder', async (c) => {
    const me = await requireCustomer(c, db);
    requireRight(me, APPROVE_RIGHT, config.provider);
    const decided = await decideApproval(deps, db, {
      decider: me,
      id: c.req.valid('param').id,
      action: 'approve',
      comment: c.req.valid('json').comment ?? null,
      contextToken: c.get('context').token,
    });
    if (decided.decision.orderId) await handOverAfterCommit(db, deps.erp, decided.decision.orderId);
    c.header('cache-control', 'private, no-store');
    return decided.decision;
  });

  providerRoute(app, config.provider, 'withdrawApproval', async (c) => {
    const me = await requireCustomer(c, db);
    const decision = await withdrawApproval(deps, db, {
      requester: me,
      id: c.req.valid('param').id,
      contextToken: c.get('context').token,
    });
    c.header('cache-control', 'private, no-store');
    return decision;
  });

  providerRoute(app, config.provider, 'decideApprovals', async (c) => {
    const me = await requireCustomer(c, db);
    requireRight(me, APPROVE_RIGHT, config.provider);
    const results: ApprovalActionResult[] = [];
    for (const action of c.req.valid('json').actions) {
      try {
        const decided = await decideApproval(deps, db, {
          decider: me,
          id: action.id,
          action: action.action,
          comment: action.comment ?? null,
          contextToken: c.get('context').token,
        });
        if (decided.decision.orderId) await handOverAfterCommit(db, deps.erp, decided.decision.orderId);
        results.push({ id: action.id, action: action.action, outcome: decided.decision, error: null });
      } catch (err) {
        if (!(err instanceof StoreApiError)) throw err;
        results.push({
          id: action.id,
          action: action.action,
          outcome: null,
          error: { status: String(err.status), code: err.code, detail: err.message },
        });
      }
    }
    const body: ApprovalActionsResponse = { results };
    c.header('cache-control', 'private, no-store');
    return body;
  });
}
