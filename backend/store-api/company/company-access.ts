/**
 * What the company user and address routes share: their dependencies, the caller check every call starts with (a
 * logged-in customer holding the right the resource needs) and the company scope of a `{companyId}` path.
 */
import type { Context } from 'hono';
import type { RightCode } from '../../../contract/rights.ts';
import { requireCustomer, requireRight, type AuthenticatedCustomer } from '../../auth/guards.ts';
import type { BackendConfig } from '../../config.ts';
import type { JobSender } from '../../jobs/queues.ts';
import type { Db } from '../../db/client.ts';
import { StoreApiError } from '../../http/errors.ts';
import type { StoreApiEnv } from '../context.ts';
import { providerErrorCode } from '../../../contract/provider.ts';

export interface CompanyDeps {
  db: Db;
  config: BackendConfig;
  /** Enqueues the delivery of the invitations and notices the routes write; none: nothing is enqueued. */
  jobs?: JobSender | undefined;
}

/**
 * The logged-in caller, who must hold `right`.
 *
 * @throws StoreApiError 403 `CHECKOUT__CUSTOMER_NOT_LOGGED_IN` for an anonymous context, 403
 *   `{PROVIDER}__MISSING_RIGHT` without the right.
 */
export async function companyCaller(
  c: Context<StoreApiEnv>,
  deps: CompanyDeps,
  right: RightCode,
): Promise<AuthenticatedCustomer> {
  const me = await requireCustomer(c, deps.db);
  requireRight(me, right, deps.config.provider);
  return me;
}

/**
 * The `{companyId}` path parameter (validated by the contract's CompanyPathSchema) when it is the caller's own
 * company.
 *
 * @throws StoreApiError 404 `{PROVIDER}__COMPANY_NOT_FOUND` for any other company, exactly as for an id that does not
 *   exist.
 */
export function ownCompanyId(companyId: string, me: AuthenticatedCustomer, provider: string): string {
  if (companyId !== me.companyId) {
    throw new StoreApiError(
      404,
      providerErrorCode(provider, 'COMPANY_NOT_FOUND'),
      `The company "${companyId}" was not found.`,
      {
        parameters: { companyId },
      },
    );
  }
  return companyId;
}
