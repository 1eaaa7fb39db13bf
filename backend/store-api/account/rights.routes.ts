/**
 * Rights and roles of a company's users (docs/openapi/provider.json; the 24 rights of contract/rights.ts):
 * - `GET /store-api/{provider}/account/{id}/rights` → `{ roles: [{ code, enabled }] }`, all 24 rights in their
 *   order. A customer reads his own rights freely; anyone else's needs ROLE_MANAGE_CONTACTS.
 * - `PUT /store-api/{provider}/account/{id}/rights` { roles: [{ code, enabled }] } → saves the listed entries and
 *   answers the full list. Needs ROLE_MANAGE_CONTACTS; nobody changes his own rights; nobody grants a right he does
 *   not hold himself.
 * - `GET|PUT /store-api/{provider}/account/{id}/role` { role } → the role name; PUT resets the rights to the role's
 *   defaults and sets the lead-buyer flag for `lead_buyer`. `account_manager` is the supplier's own role and
 *   cannot be given through the Store API.
 *
 * Ids of other companies answer 404; a malformed id 400 `VIOLATION::INVALID_UUID`; an unknown right or role 400
 * `VIOLATION::INVALID_ROLE`. Every change is written to the audit log.
 */
import { and, eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import {
  guardUserChange,
  loadCompanyCustomer,
  requireCustomer,
  requireRight,
  type AuthenticatedCustomer,
} from '../../auth/guards.ts';
import {
  isRightCode,
  RIGHT_CODES,
  rightsList,
  ROLE_DEFAULT_RIGHTS,
  ROLE_NAMES,
  type RoleName,
} from '../../auth/rights.ts';
import type { Db } from '../../db/client.ts';
import { customerRightTable, customerTable } from '../../db/schema/index.ts';
import { assertId } from '../company/customer-model.ts';
import type { StoreApiEnv } from '../context.ts';
import { readJsonBody } from '../criteria.ts';
import { StoreApiError, violations } from '../../http/errors.ts';
import { audit } from './audit.ts';
import { providerCode, resolveDeps, type AccountDeps } from './deps.ts';
import { parseInput } from './validation.ts';

const rightsBody = v.object({
  roles: v.array(v.object({ code: v.string('INVALID_ROLE'), enabled: v.boolean('INVALID_VALUE') }), 'INVALID_VALUE'),
});

/** Roles a company user can be given through the Store API. */
export const ASSIGNABLE_ROLES = ROLE_NAMES.filter((r) => r !== 'account_manager');

/** The `{id}` path parameter (400 `VIOLATION::INVALID_UUID` when malformed). */
function pathId(c: Context<StoreApiEnv>): string {
  return assertId(c.req.param('id'), '/id');
}

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
export async function saveRights(
  db: Db,
  customerId: string,
  entries: { code: string; enabled: boolean }[],
): Promise<void> {
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
  const base = `/store-api/${config.provider}/account/:id`;

  const forbidSelf = (actor: AuthenticatedCustomer, id: string) => {
    if (actor.id === id) {
      throw new StoreApiError(
        403,
        providerCode(config, 'CANNOT_CHANGE_OWN_RIGHTS'),
        'You cannot change your own rights or role.',
      );
    }
  };
  const requireHeld = (actor: AuthenticatedCustomer, codes: Iterable<string>) => {
    for (const code of codes) if (isRightCode(code)) requireRight(actor, code, config.provider);
  };

  app.get(`${base}/rights`, async (c) => {
    const id = pathId(c);
    const actor = await requireCustomer(c, db);
    if (id !== actor.id) {
      requireRight(actor, 'ROLE_MANAGE_CONTACTS', config.provider);
      await loadCompanyCustomer(db, actor, id);
    }
    return c.json({ roles: rightsList(await enabledCodes(db, id)), apiAlias: 'array_struct' });
  });

  app.put(`${base}/rights`, async (c) => {
    const id = pathId(c);
    const actor = await requireCustomer(c, db);
    requireRight(actor, 'ROLE_MANAGE_CONTACTS', config.provider);
    const body = parseInput(rightsBody, await readJsonBody(c.req));
    const invalid = body.roles.flatMap((r, i) => (isRightCode(r.code) ? [] : [i]));
    if (invalid.length) {
      throw violations(
        invalid.map((i) => ({
          pointer: `/roles/${i}/code`,
          code: 'INVALID_ROLE',
          detail: `The role "${String(body.roles[i]?.code)}" does not exist.`,
        })),
      );
    }
    forbidSelf(actor, id);
    const target = await db.transaction(async (tx) => {
      const row = (await guardUserChange(tx, actor, config.provider, { kind: 'update', targetId: id }))!;
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
    return c.json({ roles: rightsList(after), apiAlias: 'array_struct' });
  });

  app.get(`${base}/role`, async (c) => {
    const id = pathId(c);
    const actor = await requireCustomer(c, db);
    if (id === actor.id) return c.json({ role: actor.role, apiAlias: 'array_struct' });
    requireRight(actor, 'ROLE_MANAGE_CONTACTS', config.provider);
    const target = await loadCompanyCustomer(db, actor, id);
    return c.json({ role: target.role, apiAlias: 'array_struct' });
  });

  app.put(`${base}/role`, async (c) => {
    const id = pathId(c);
    const actor = await requireCustomer(c, db);
    requireRight(actor, 'ROLE_MANAGE_CONTACTS', config.provider);
    const body = parseInput(v.object({ role: v.string('INVALID_ROLE') }), await readJsonBody(c.req));
    if (!(ASSIGNABLE_ROLES as readonly string[]).includes(body.role)) {
      throw violations([{ pointer: '/role', code: 'INVALID_ROLE', detail: `The role "${body.role}" does not exist.` }]);
    }
    const role = body.role as RoleName;
    forbidSelf(actor, id);
    const defaults = new Set<string>(ROLE_DEFAULT_RIGHTS[role]);
    const target = await db.transaction(async (tx) => {
      const row = (await guardUserChange(tx, actor, config.provider, {
        kind: 'update',
        targetId: id,
        role,
        leadBuyer: role === 'lead_buyer',
      }))!;
      requireHeld(actor, defaults);
      await tx
        .update(customerTable)
        .set({ role, leadBuyer: role === 'lead_buyer', updatedAt: now() })
        .where(eq(customerTable.id, id));
      await saveRights(
        tx,
        id,
        RIGHT_CODES.map((code) => ({ code, enabled: defaults.has(code) })),
      );
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
    return c.json({ role, apiAlias: 'array_struct' });
  });
}
