/**
 * Rights and roles of a company's users (docs/openapi/provider.json; the 24 rights of contract/rights.ts):
 * - `GET /store-api/{provider}/account/{id}/rights` → `{ roles: [{ code, enabled }] }`, all 24 rights in their
 *   order. A customer reads his own rights freely; anyone else's needs ROLE_MANAGE_CONTACTS.
 * - `PUT /store-api/{provider}/account/{id}/rights` { roles: [{ code, enabled }] } → saves the listed entries and
 *   answers the full list. Needs ROLE_MANAGE_CONTACTS; nobody changes his own rights (the shared rule of
 *   `guardUserChange`, 403 `{PROVIDER}__CANNOT_CHANGE_OWN_RIGHTS`); nobody grants a right he does not hold himself.
 * - `GET|PUT /store-api/{provider}/account/{id}/role` { role } → the role name; PUT resets the rights to the role's
 *   defaults and sets the lead-buyer flag for `lead_buyer`. `account_manager` is the supplier's own role and
 *   cannot be given through the Store API.
 *
 * Ids of other companies answer 404; a malformed id 400 `VIOLATION::INVALID_UUID`; an unknown right or role 400
 * `VIOLATION::INVALID_ROLE`. Every change is written to the audit log.
 */
import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { type RightsResponse, type RoleResponse } from '../../../contract/provider/rights.ts';
import { isRightCode, type Right, type RoleName } from '../../../contract/rights.ts';
import {
  guardUserChange,
  loadCompanyCustomer,
  requireCustomer,
  requireRight,
  type AuthenticatedCustomer,
} from '../../auth/guards.ts';
import { RIGHT_CODES, rightsList, ROLE_DEFAULT_RIGHTS } from '../../auth/rights.ts';
import type { Db } from '../../db/client.ts';
import { customerRightTable, customerTable } from '../../db/schema/index.ts';
import type { StoreApiEnv } from '../context.ts';
import { audit } from '../../commerce/accounts/audit.ts';
import { resolveDeps, type AccountDeps } from './deps.ts';
import { providerRoute } from '../../http/provider-route.ts';

async function enabledCodes(db: Db, customerId: string): Promise<string[]> {
  const rows = await db
    .select({ code: customerRightTable.code })
    .from(customerRightTable)
    .where(and(eq(customerRightTable.customerId, customerId), eq(customerRightTable.enabled, true)));
  return rows.map((r) => r.code);
}

/**
 * Writes `{ code, enabled }` entries for a customer (insert or update per code). Codes must be valid right codes.
 */
export async function saveRights(db: Db, customerId: string, entries: readonly Right[]): Promise<void> {
  for (const e of entries) {
    await db
      .insert(customerRightTable)
      .values({ customerId, code: e.code, enabled: e.enabled })
      .onConflictDoUpdate({
        target: [customerRightTable.customerId, customerRightTable.code],
        set: { enabled: e.enabled },
      });
  }
}

/** Registers the routes listed in the module comment. */
export function registerRightsRoutes(app: Hono<StoreApiEnv>, accountDeps: AccountDeps): void {
  const { db, config, now } = resolveDeps(accountDeps);

  const requireHeld = (actor: AuthenticatedCustomer, codes: Iterable<string>) => {
    for (const code of codes) if (isRightCode(code)) requireRight(actor, code, config.provider);
  };

  providerRoute(app, config.provider, 'readCustomerRights', async (c) => {
    const { id } = c.req.valid('param');
    const actor = await requireCustomer(c, db);
    if (id !== actor.id) {
      requireRight(actor, 'ROLE_MANAGE_CONTACTS', config.provider);
      await loadCompanyCustomer(db, actor, id);
    }
    return { roles: rightsList(await enabledCodes(db, id)), apiAlias: 'array_struct' } satisfies RightsResponse;
  });

  providerRoute(app, config.provider, 'saveCustomerRights', async (c) => {
    const { id } = c.req.valid('param');
    const actor = await requireCustomer(c, db);
    requireRight(actor, 'ROLE_MANAGE_CONTACTS', config.provider);
    const body = c.req.valid('json');
    const target = await db.transaction(async (tx) => {
      const row = (await guardUserChange(tx, actor, config.provider, {
        kind: 'update',
        targetId: id,
        rights: body.roles,
      }))!;
      const before = new Set(await enabledCodes(tx, id));
      requireHeld(
        actor,
        body.roles.filter((r) => r.enabled && !before.has(r.code)).map((r) => r.code),
      );
      await saveRights(tx, id, body.roles);
      return row;
    });
    const after = await enabledCodes(db, id);
    await audit(db, {
      actorCustomerId: actor.id,
      action: 'customer.rights.update',
      targetCustomerId: id,
      companyId: target.companyId,
      details: { roles: body.roles },
      contextToken: c.get('context').token,
      at: now(),
    });
    return { roles: rightsList(after), apiAlias: 'array_struct' } satisfies RightsResponse;
  });

  providerRoute(app, config.provider, 'readCustomerRole', async (c) => {
    const { id } = c.req.valid('param');
    const actor = await requireCustomer(c, db);
    let { role } = actor;
    if (id !== actor.id) {
      requireRight(actor, 'ROLE_MANAGE_CONTACTS', config.provider);
      ({ role } = await loadCompanyCustomer(db, actor, id));
    }
    // The column holds only role names the role endpoints and registration wrote (contract/rights.ts).
    return { role: role as RoleName, apiAlias: 'array_struct' } satisfies RoleResponse;
  });

  providerRoute(app, config.provider, 'saveCustomerRole', async (c) => {
    const { id } = c.req.valid('param');
    const actor = await requireCustomer(c, db);
    requireRight(actor, 'ROLE_MANAGE_CONTACTS', config.provider);
    const { role } = c.req.valid('json');
    const defaults = new Set<string>(ROLE_DEFAULT_RIGHTS[role]);
    const defaultRights = RIGHT_CODES.map((code) => ({ code, enabled: defaults.has(code) }));
    const target = await db.transaction(async (tx) => {
      const row = (await guardUserChange(tx, actor, config.provider, {
        kind: 'update',
        targetId: id,
        role,
        leadBuyer: role === 'lead_buyer',
        rights: defaultRights,
      }))!;
      requireHeld(actor, defaults);
      await tx
        .update(customerTable)
        .set({ role, leadBuyer: role === 'lead_buyer', updatedAt: now() })
        .where(eq(customerTable.id, id));
      await saveRights(tx, id, defaultRights);
      return row;
    });
    await audit(db, {
      actorCustomerId: actor.id,
      action: 'customer.role.update',
      targetCustomerId: id,
      companyId: target.companyId,
      details: { from: target.role, to: role },
      contextToken: c.get('context').token,
      at: now(),
    });
    return { role, apiAlias: 'array_struct' } satisfies RoleResponse;
  });
}
