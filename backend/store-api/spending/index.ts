/**
 * The spending control area of the Store API (docs/decisions/015-budgets-and-approvals.md): order flows with their
 * budgets, approval requests, order references and cost centres, all under `/store-api/{provider}/…`.
 */
import type { Hono } from 'hono';
import type { BackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { ErpPort } from '../../erp/port.ts';
import type { JobSender } from '../../jobs/queues.ts';
import type { StoreApiEnv } from '../context.ts';
import { registerApprovalRoutes } from './approval.routes.ts';
import { registerCostCenterRoutes } from './cost-center.routes.ts';
import { registerOrderFlowRoutes } from './order-flow.routes.ts';
import { registerOrderReferenceRoutes } from './order-reference.routes.ts';

/**
 * What the spending routes need: the database, the backend configuration, the job sender (approval mails, hand-over
 * jobs) and the ERP an approved order is handed to after its decision committed.
 */
export interface SpendingRouteDeps {
  db: Db;
  config: BackendConfig;
  jobs?: JobSender | undefined;
  erp?: Pick<ErpPort, 'transferOrder'> | undefined;
}

/** Registers every spending control route on the app; called once from ../routes.ts. */
export function registerSpendingRoutes(app: Hono<StoreApiEnv>, deps: SpendingRouteDeps): void {
  registerOrderFlowRoutes(app, deps);
  registerOrderReferenceRoutes(app, deps);
  registerCostCenterRoutes(app, deps);
  registerApprovalRoutes(app, deps);
}
