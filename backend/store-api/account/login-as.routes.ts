/**
 * "Login as customer" for account managers (the storefront's `/loginascustomer` page; docs/decisions/008):
 * `POST /store-api/{provider}/account/login-as-customer` { customerId } or { username } → a NEW context for the
 * target customer,
 * whose payload records the manager (`impersonatorId`), answered as `{ contextToken }` and `sw-context-token`.
 *
 * Only customers with role `account_manager` may call it (others 403 `{provider}__MISSING_ROLE`); the target must be
 * an active customer of an active company the manager looks after (`managedCompanyIds`, or any when null),
 * otherwise 404. Every use is written to the audit log.
 */
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { type LoginAsCustomerResponse } from '../../../contract/provider/login-as.ts';
import { customerNotFound, requireCustomer } from '../../auth/guards.ts';
import { createCustomerContext } from '../../auth/session.ts';
import { companyTable, customerTable } from '../../db/schema/index.ts';
import type { StoreApiEnv } from '../context.ts';
import { StoreApiError } from '../../http/errors.ts';
import { audit } from '../../commerce/accounts/audit.ts';
import { providerCode, resolveDeps, type AccountDeps } from './deps.ts';
import { providerRoute } from '../../http/provider-route.ts';

/** Registers the route described in the module comment. */
export function registerLoginAsRoutes(app: Hono<StoreApiEnv>, accountDeps: AccountDeps): void {
  const { db, config, now } = resolveDeps(accountDeps);

  // The target by id, or by username (what an account manager knows from the phone).
  providerRoute(app, config.provider, 'loginAsCustomer', async (c) => {
    const actor = await requireCustomer(c, db);
    if (actor.role !== 'account_manager') {
      throw new StoreApiError(
        403,
        providerCode(config, 'MISSING_ROLE'),
        'Only account managers can log in as a customer.',
        {
          parameters: { role: 'account_manager' },
        },
      );
    }
    const input = c.req.valid('json');
    const [row] = await db
      .select({ customer: customerTable, companyActive: companyTable.active })
      .from(customerTable)
      .innerJoin(companyTable, eq(companyTable.id, customerTable.companyId))
      .where(
        'customerId' in input ? eq(customerTable.id, input.customerId) : eq(customerTable.username, input.username),
      )
      .limit(1);
    const customerId = row?.customer.id ?? ('customerId' in input ? input.customerId : input.username);
    const managed = actor.managedCompanyIds;
    if (
      !row ||
      row.customer.id === actor.id ||
      !row.customer.active ||
      !row.companyActive ||
      (managed !== null && !managed.includes(row.customer.companyId))
    ) {
      throw customerNotFound(customerId);
    }
    const ctx = c.get('context');
    const token = await createCustomerContext(db, {
      salesChannelId: ctx.salesChannel.id,
      customerId,
      languageId: ctx.language.id,
      payload: { impersonatorId: actor.id },
      now: now(),
    });
    await audit(db, {
      actorCustomerId: actor.id,
      action: 'customer.login_as',
      targetCustomerId: customerId,
      companyId: row.customer.companyId,
      details: {},
      at: now(),
    });
    c.header('sw-context-token', token);
    return { contextToken: token, apiAlias: 'array_struct' } satisfies LoginAsCustomerResponse;
  });
}
