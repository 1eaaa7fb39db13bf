/**
 * The punch-out area (docs/decisions/025-punch-out.md): the OCI entry (./oci.routes.ts), the cXML entry
 * (./cxml.routes.ts) and the running session's routes (./session.routes.ts).
 */
import type { Hono } from 'hono';
import type { BackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { ErpPort } from '../../erp/port.ts';
import type { JobSender } from '../../jobs/queues.ts';
import type { StoreApiEnv } from '../context.ts';
import { registerCxmlRoutes } from './cxml.routes.ts';
import { registerOciRoutes } from './oci.routes.ts';
import { registerPunchOutSessionRoutes } from './session.routes.ts';

/** Registers every punch-out route. */
export function registerPunchOutArea(
  app: Hono<StoreApiEnv>,
  deps: {
    db: Db;
    config: BackendConfig;
    jobs?: JobSender | undefined;
    erp?: Pick<ErpPort, 'transferOrder'> | undefined;
  },
): void {
  registerOciRoutes(app, deps);
  registerCxmlRoutes(app, deps);
  registerPunchOutSessionRoutes(app, deps);
}
