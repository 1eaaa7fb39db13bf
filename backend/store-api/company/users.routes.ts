/**
 * The users of the caller's company, managed by a lead buyer or a user with ROLE_MANAGE_CONTACTS
 * (docs/openapi/provider.json; docs/decisions/010):
 *
 * - `POST /store-api/{provider}/companies/customers`: the users of the caller's company, by Shopware criteria
 *   (`page` 1, `limit` 20 up to 100, `term`, `filter`, `sort`): `contains` on `firstName`, `lastName`, `email`,
 *   `username` (also `customerExtension.username`), `equals` on `leadBuyer` and `active` (true unless the value is
 *   'no', false or 0), `range` on `flow.budget` and `flow.budgetRemaining` (EUR: the budget per period of the user's
 *   order flow and what is left of it in the current period, backend/commerce/spending/order-flow.service.ts; a user
 *   without a flow budget counts as 0, as before flows existed, docs/decisions/010); the same fields sort; `sort`
 *   entries with `naturalSorting` order the text fields naturally (numbers by value, case-insensitive,
 *   `naturalSortKey`). Answers Shopware's search result `{ elements, total, page, limit }`.
 * - `POST …/companies/customers/create`: a new user of the caller's company with rights (`rights` list or a `role`
 *   template); the user gets a set-password invitation mail. Answers the customer with its rights. A company sends
 *   at most 25 invitations per hour and 100 per day (INVITATION_QUOTAS): beyond that 429
 *   `{PROVIDER}__INVITATION_LIMIT_EXCEEDED` and no user is created.
 * - `GET|PATCH …/companies/customers/{id}`: one user with rights; PATCH changes names, email, username (unique,
 *   `VIOLATION::CUSTOMER_USERNAME_NOT_UNIQUE`), active, leadBuyer, salutation, phone, mobile, fax, function, rights.
 *   A colleague's e-mail address only a lead buyer changes; one's own needs `password` (the current one). Every
 *   e-mail change is audited and the old address notified; (de)activations and rights changes are audited.
 * - `DELETE …/companies/customers` body `{ customerIds }`: deletes users (never the caller) and their sessions.
 *
 * Every call needs a logged-in customer with ROLE_MANAGE_CONTACTS (else 403). Ids of other companies answer 404
 * exactly like ids that do not exist; malformed ids `VIOLATION::INVALID_UUID`. Granting a right needs holding it,
 * and every change runs the lead-buyer rule (`guardUserChange`): only a lead buyer creates, changes or deletes a lead
 * buyer, account managers are out of reach, the last lead buyer stays, and nobody changes his own rights, role,
 * lead-buyer flag or active state (403 `{PROVIDER}__CANNOT_CHANGE_OWN_RIGHTS`, as on the rights and role routes).
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Context, Hono } from 'hono';
import type * as v from 'valibot';
import {
  CompanyCustomerListRequestSchema,
  type CompanyCustomer,
  type CompanyCustomerListResponse,
} from '../../../contract/provider/company-users.ts';
import {
  guardUserChange,
  loadCompanyCustomer,
  requireCurrentPassword,
  type AuthenticatedCustomer,
} from '../../auth/guards.ts';
import { rightsList, ROLE_DEFAULT_RIGHTS } from '../../auth/rights.ts';
import { deleteCustomerContexts } from '../../auth/session.ts';
import { customerTable } from '../../db/schema/index.ts';
import { violations } from '../../http/errors.ts';
import { randomId } from '../../lib/ids.ts';
import { audit } from '../../commerce/accounts/audit.ts';
import { emailChanges, recordEmailChange } from '../../commerce/accounts/email-change.ts';
import type { StoreApiEnv } from '../context.ts';
import { containsPattern } from '../../db/like.ts';
import { endPendingApprovals } from '../../commerce/spending/approval.service.ts';
import { flowBudgetsOfCompany } from '../../commerce/spending/order-flow.service.ts';
import { companyCaller, type CompanyDeps } from './company-access.ts';
import {
  countInvitation,
  customerRow,
  enabledRights,
  grantableRights,
  mapCustomer,
  sendInvitation,
  storefrontUrl,
  usernameTaken,
  writeRights,
} from '../../commerce/accounts/customer-model.ts';
import { providerRoute } from '../../http/provider-route.ts';

type ListRequest = v.InferOutput<typeof CompanyCustomerListRequestSchema>;
type ListFilter = ListRequest['filter'][number];

const CONTAINS_FIELDS: Record<string, AnyPgColumn> = {
  firstName: customerTable.firstName,
  lastName: customerTable.lastName,
  email: customerTable.email,
  username: customerTable.username,
  'customerExtension.username': customerTable.username,
  'extensions.customerExtension.username': customerTable.username,
};
const FLAG_FIELDS: Record<string, AnyPgColumn> = {
  leadBuyer: customerTable.leadBuyer,
  'customerExtension.leadBuyer': customerTable.leadBuyer,
  'extensions.customerExtension.leadBuyer': customerTable.leadBuyer,
  active: customerTable.active,
};
const BUDGET_FIELDS = new Set(['flow.budget', 'flow.budgetRemaining', 'budget', 'remainingBudget']);
/** Text fields sorted naturally when a sort entry asks for `naturalSorting`; other fields sort as stored. */
const NATURAL_SORT_FIELDS = new Set(['firstName', 'lastName', 'email', 'username', 'customerExtension.username']);
const SORT_FIELDS: Record<string, AnyPgColumn> = {
  firstName: customerTable.firstName,
  lastName: customerTable.lastName,
  email: customerTable.email,
  username: customerTable.username,
  'customerExtension.username': customerTable.username,
  active: customerTable.active,
  leadBuyer: customerTable.leadBuyer,
  'customerExtension.leadBuyer': customerTable.leadBuyer,
  createdAt: customerTable.createdAt,
};

/** Digits a number of a natural sort key is padded to. */
const NATURAL_NUMBER_WIDTH = 20;
/** `regexp_replace` pattern and replacement putting 20 zeros before every run of digits. */
const NATURAL_DIGITS = '[0-9]+';
const NATURAL_PAD = `${'0'.repeat(NATURAL_NUMBER_WIDTH)}\\&`;
/** `regexp_replace` pattern and replacement keeping the last 20 digits of every padded run. */
const NATURAL_PADDED = `0*([0-9]{${NATURAL_NUMBER_WIDTH}})`;
const NATURAL_KEEP = '\\1';

/**
 * The natural sort key of a text column (Shopware's FieldSorting `naturalSorting`): the value in lower case with
 * every run of digits left-padded with zeros to 20 digits, so that digits compare by numeric value ("user2" before
 * "user10") and letters without regard to case ("meier 1" before "Meier 2"). Runs of more than 20 digits stay as they
 * are; numbers differing only in leading zeros ("07", "7") get the same key. Plain SQL (`regexp_replace`, `lower`),
 * so it needs no ICU collation and runs alike on PGlite and PostgreSQL; the text around the numbers compares in the
 * database's collation, like the plain sort.
 */
function naturalSortKey(column: AnyPgColumn): SQL {
  const padded = sql`regexp_replace(lower(${column}), ${NATURAL_DIGITS}, ${NATURAL_PAD}, 'g')`;
  return sql`regexp_replace(${padded}, ${NATURAL_PADDED}, ${NATURAL_KEEP}, 'g')`;
}

/** A flag filter is true unless its value is 'no' (false, 'false' and 0 read as no too). */
function flagValue(value: unknown): boolean {
  return !(value === 'no' || value === false || value === 'false' || value === 0 || value === '0');
}

/** The flow budget of each user of the company with one, cents (backend/commerce/spending/order-flow.service.ts). */
type UserBudgets = Map<string, { budgetCents: number; remainingCents: number }>;

/** A budget field's value of a user in EUR: the flow budget or what is left of it; 0 without a flow budget. */
function budgetValue(budgets: UserBudgets, customerId: string, field: string): number {
  const b = budgets.get(customerId);
  if (!b) return 0;
  return (field === 'flow.budget' || field === 'budget' ? b.budgetCents : b.remainingCents) / 100;
}

/** A budget field as an SQL value per customer row (EUR), for sorting. */
function budgetSortKey(budgets: UserBudgets, field: string): SQL {
  if (!budgets.size) return sql`0`;
  const cases = [...budgets.keys()].map((id) => sql`when ${id} then ${budgetValue(budgets, id, field)}::numeric`);
  return sql`(case ${customerTable.id} ${sql.join(cases, sql` `)} else 0 end)`;
}

/** The condition of one list filter, or undefined when the filter is not one the list supports. */
function filterCondition(f: ListFilter, budgets: UserBudgets): SQL | null | undefined {
  if (f.type === 'contains' && CONTAINS_FIELDS[f.field]) {
    const value = typeof f.value === 'string' ? f.value.trim() : '';
    return value ? ilike(CONTAINS_FIELDS[f.field]!, containsPattern(value)) : null;
  }
  if (f.type === 'equals' && FLAG_FIELDS[f.field]) return eq(FLAG_FIELDS[f.field]!, flagValue(f.value));
  if (f.type === 'range' && BUDGET_FIELDS.has(f.field)) {
    const p = f.parameters ?? {};
    const inRange = (budget: number) =>
      (p.gte === undefined || budget >= p.gte) &&
      (p.lte === undefined || budget <= p.lte) &&
      (p.gt === undefined || budget > p.gt) &&
      (p.lt === undefined || budget < p.lt);
    const ids = [...budgets.keys()];
    if (inRange(0)) {
      // Users without a flow budget (0) match: leave out those whose budget is outside the range.
      const outside = ids.filter((id) => !inRange(budgetValue(budgets, id, f.field)));
      return outside.length ? notInArray(customerTable.id, outside) : null;
    }
    const inside = ids.filter((id) => inRange(budgetValue(budgets, id, f.field)));
    return inside.length ? inArray(customerTable.id, inside) : eq(customerTable.id, '');
  }
  return undefined;
}

/**
 * The conditions of a user list: the company, the term over names, username and e-mail, and the filters.
 *
 * @throws StoreApiError 400 `VIOLATION::INVALID_FILTER` per unsupported filter.
 */
function listConditions(companyId: string, criteria: ListRequest, budgets: UserBudgets): SQL[] {
  // A punch-out session's own customer is not a user of the company (backend/db/schema/punchout.ts).
  const where: SQL[] = [eq(customerTable.companyId, companyId), isNull(customerTable.punchOutSessionId)];
  if (criteria.term) {
    const p = containsPattern(criteria.term);
    where.push(
      or(
        ilike(customerTable.firstName, p),
        ilike(customerTable.lastName, p),
        ilike(customerTable.username, p),
        ilike(customerTable.email, p),
      )!,
    );
  }
  const bad: { pointer: string; code: string; detail: string }[] = [];
  criteria.filter.forEach((f, i) => {
    const condition = filterCondition(f, budgets);
    if (condition === undefined) {
      bad.push({
        pointer: `/filter/${i}`,
        code: 'INVALID_FILTER',
        detail: `Unsupported ${f.type} filter on "${f.field}".`,
      });
    } else if (condition) {
      where.push(condition);
    }
  });
  if (bad.length) throw violations(bad);
  return where;
}

/** Registers the company user routes on the app (see the module comment). */
export function registerCompanyUserRoutes(app: Hono<StoreApiEnv>, deps: CompanyDeps): void {
  const { db, config } = deps;

  /** Writes an audit entry of the caller's session (with the account manager behind a "login as" session). */
  const log = (
    c: Context<StoreApiEnv>,
    me: AuthenticatedCustomer,
    action: string,
    targetCustomerId: string,
    details: Record<string, unknown> = {},
  ) =>
    audit(db, {
      actorCustomerId: me.id,
      action,
      targetCustomerId,
      companyId: me.companyId,
      details,
      contextToken: c.get('context').token,
      at: new Date(),
    });

  providerRoute(app, config.provider, 'listCompanyCustomers', async (c) => {
    const me = await companyCaller(c, deps, 'ROLE_MANAGE_CONTACTS');
    const criteria = c.req.valid('json');
    const { page, limit } = criteria;
    const offset = (page - 1) * limit;
    const budgets = await flowBudgetsOfCompany(db, me.companyId, new Date());
    const where = and(...listConditions(me.companyId, criteria, budgets));
    const order = criteria.sort.flatMap((s) => {
      if (BUDGET_FIELDS.has(s.field)) {
        const key = budgetSortKey(budgets, s.field);
        return [s.order.toUpperCase() === 'DESC' ? desc(key) : asc(key)];
      }
      const col = SORT_FIELDS[s.field];
      if (!col) throw violations([{ pointer: '/sort', code: 'INVALID_SORT', detail: `Cannot sort by "${s.field}".` }]);
      const key = s.naturalSorting && NATURAL_SORT_FIELDS.has(s.field) ? naturalSortKey(col) : col;
      return [s.order.toUpperCase() === 'DESC' ? desc(key) : asc(key)];
    });
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(customerTable)
        .where(where)
        .orderBy(...order, asc(customerTable.lastName), asc(customerTable.firstName), asc(customerTable.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(customerTable).where(where),
    ]);
    const rights = await enabledRights(
      db,
      rows.map((r) => r.id),
    );
    const elements = rows.map((r) => mapCustomer(r, rights.get(r.id) ?? [], budgets.get(r.id)));
    return {
      entity: 'customer',
      elements,
      aggregations: [],
      total: total?.n ?? 0,
      page,
      limit,
      apiAlias: 'dal_entity_search_result',
    } satisfies CompanyCustomerListResponse;
  });

  providerRoute(app, config.provider, 'createCompanyCustomer', async (c) => {
    const me = await companyCaller(c, deps, 'ROLE_MANAGE_CONTACTS');
    const body = c.req.valid('json');
    const role = body.leadBuyer ? 'lead_buyer' : (body.role ?? 'buyer');
    const { username } = body;
    const id = randomId();
    const { row, granted } = await db.transaction(async (tx) => {
      await guardUserChange(tx, me, config.provider, {
        kind: 'create',
        leadBuyer: body.leadBuyer,
        active: body.active,
        role,
      });
      const rights = grantableRights(
        body.rights ?? ROLE_DEFAULT_RIGHTS[role].map((code) => ({ code, enabled: true })),
        me.rights,
        config.provider,
      );
      if (await usernameTaken(tx, username)) {
        throw violations([
          { pointer: '/username', code: 'CUSTOMER_USERNAME_NOT_UNIQUE', detail: 'The username is already in use.' },
        ]);
      }
      await countInvitation(tx, me.companyId, config.provider);
      const [inserted] = await tx
        .insert(customerTable)
        .values(
          customerRow(body, {
            id,
            companyId: me.companyId,
            username,
            languageId: c.get('context').language.id,
            active: body.active,
            leadBuyer: body.leadBuyer,
            role,
          }),
        )
        .returning();
      await writeRights(tx, id, rights);
      // The invitation is written with the user: a mail server that is down delays it, never the user.
      const context = c.get('context');
      await sendInvitation(tx, inserted!, storefrontUrl(config, context), context.language.localeCode, deps.jobs);
      return { row: inserted!, granted: rights };
    });
    await log(c, me, 'customer.create', id, { rights: granted });
    return mapCustomer(row, granted) satisfies CompanyCustomer;
  });

  providerRoute(app, config.provider, 'readCompanyCustomer', async (c) => {
    const me = await companyCaller(c, deps, 'ROLE_MANAGE_CONTACTS');
    const row = await loadCompanyCustomer(db, me, c.req.valid('param').id);
    const rights = await enabledRights(db, [row.id]);
    const budgets = await flowBudgetsOfCompany(db, me.companyId, new Date());
    return mapCustomer(row, rights.get(row.id) ?? [], budgets.get(row.id)) satisfies CompanyCustomer;
  });

  providerRoute(app, config.provider, 'updateCompanyCustomer', async (c) => {
    const me = await companyCaller(c, deps, 'ROLE_MANAGE_CONTACTS');
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const { username } = body;
    const { updated, granted, before } = await db.transaction(async (tx) => {
      const row = (await guardUserChange(tx, me, config.provider, {
        kind: 'update',
        targetId: id,
        ...(body.leadBuyer !== undefined ? { leadBuyer: body.leadBuyer } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
        ...(body.leadBuyer === true ? { role: 'lead_buyer' } : {}),
        ...(body.email !== undefined ? { email: body.email } : {}),
        // PATCH replaces the whole list: the rights it leaves out are disabled.
        ...(body.rights ? { rights: rightsList(body.rights.filter((r) => r.enabled).map((r) => r.code)) } : {}),
      }))!;
      if (id === me.id && emailChanges(row.email, body.email)) await requireCurrentPassword(tx, me.id, body.password);
      const rights = body.rights ? grantableRights(body.rights, me.rights, config.provider) : null;
      if (username !== undefined && (await usernameTaken(tx, username, id))) {
        throw violations([
          { pointer: '/username', code: 'CUSTOMER_USERNAME_NOT_UNIQUE', detail: 'The username is already in use.' },
        ]);
      }
      const changes: Partial<typeof customerTable.$inferInsert> = { updatedAt: new Date() };
      for (const key of [
        'salutation',
        'firstName',
        'lastName',
        'email',
        'phone',
        'mobile',
        'fax',
        'customerFunction',
        'active',
        'leadBuyer',
      ] as const) {
        if (body[key] !== undefined) (changes as Record<string, unknown>)[key] = body[key];
      }
      if (username !== undefined) changes.username = username;
      // A lead buyer's (de)activation is a decision: the user no longer waits for the supplier either way.
      if (body.active !== undefined) changes.pendingActivation = null;
      if (body.leadBuyer === true) changes.role = 'lead_buyer';
      if (body.leadBuyer === false && row.role === 'lead_buyer') changes.role = 'buyer';
      const [out] = await tx.update(customerTable).set(changes).where(eq(customerTable.id, id)).returning();
      if (rights) await writeRights(tx, id, rights);
      return { updated: out!, granted: rights, before: row };
    });
    if (body.active === false) await deleteCustomerContexts(db, id);
    if (emailChanges(before.email, body.email)) {
      const contextToken = c.get('context').token;
      await recordEmailChange(db, {
        actorCustomerId: me.id,
        before,
        email: body.email,
        contextToken,
        at: new Date(),
        jobs: deps.jobs,
      });
    }
    if (granted) await log(c, me, 'customer.rights', id, { rights: granted });
    if (body.active !== undefined && body.active !== before.active) {
      await log(c, me, body.active ? 'customer.activate' : 'customer.deactivate', id);
    }
    const rights = await enabledRights(db, [id]);
    return mapCustomer(updated, rights.get(id) ?? []) satisfies CompanyCustomer;
  });

  providerRoute(app, config.provider, 'deleteCompanyCustomers', async (c) => {
    const me = await companyCaller(c, deps, 'ROLE_MANAGE_CONTACTS');
    const ids = [...new Set(c.req.valid('json').customerIds)];
    if (ids.includes(me.id)) {
      throw violations([
        { pointer: '/customerIds', code: 'CANNOT_DELETE_SELF', detail: 'You cannot delete yourself.' },
      ]);
    }
    await db.transaction(async (tx) => {
      for (const id of ids) await guardUserChange(tx, me, config.provider, { kind: 'delete', targetId: id });
      for (const id of ids) await deleteCustomerContexts(tx, id);
      // A deleted user's pending approval requests end with them, releasing what they reserved (docs/decisions/015).
      await endPendingApprovals(tx, { requesterIds: ids }, { actorId: me.id, reason: 'requester_deleted' });
      await tx
        .delete(customerTable)
        .where(
          and(
            inArray(customerTable.id, ids),
            eq(customerTable.companyId, me.companyId),
            isNull(customerTable.punchOutSessionId),
          ),
        );
    });
    for (const id of ids) await log(c, me, 'customer.delete', id);
    return null;
  });
}
