/**
 * The lead buyer's company administration (specification §2 "users", "address book"; §7 calls; §6 rights):
 *
 * - `POST /store-api/{provider}/companies/customers`: the users of the caller's company. Body `{ page (1), limit
 *   (20, max 100), term, filter, sort }`; filters of §5 "Customer list filters": `contains` on `firstName`,
 *   `lastName`, `username` (also `customerExtension.username`), `equals` on `leadBuyer` (true unless the value is
 *   'no' or false), `range` on `flow.budget` and `flow.budgetRemaining` (order flows come later: every budget is 0).
 *   Answers `{ elements, total, page, limit }`.
 * - `POST …/companies/customers/create`: a new user of the caller's company with rights (`rights` list or a `role`
 *   template); the user gets a set-password invitation mail. Answers the customer with its rights.
 * - `GET|PATCH …/companies/customers/{id}`: one user with rights; PATCH changes names, email, username (unique,
 *   `VIOLATION::CUSTOMER_USERNAME_NOT_UNIQUE`), active, leadBuyer, salutation, phone, mobile, fax, function, rights.
 *   A colleague's e-mail address only a lead buyer changes; one's own needs `password` (the current one). Every
 *   e-mail change is audited and the old address notified.
 * - `DELETE …/companies/customers` body `{ customerIds }`: deletes users (never the caller) and their sessions.
 * - `POST …/companies/{companyId}/address`, `PUT|DELETE …/companies/{companyId}/address/{addressId}`: the company's
 *   addresses; one main address per company.
 *
 * Every call needs a logged-in customer (403 `CHECKOUT__CUSTOMER_NOT_LOGGED_IN`) with ROLE_MANAGE_CONTACTS (users)
 * or ROLE_MANAGE_ADDRESSES (addresses), else 403 `{PROVIDER}__MISSING_RIGHT`. Ids of other companies answer 404,
 * exactly like ids that do not exist; malformed ids `VIOLATION::INVALID_UUID`. Granting a right needs holding it;
 * only a lead buyer may make, change or delete a lead buyer.
 */
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import {
  customerNotFound,
  guardUserChange,
  requireCurrentPassword,
  requireCustomer,
  requireRight,
  type AuthenticatedCustomer,
} from '../../auth/guards.ts';
import { ROLE_DEFAULT_RIGHTS, ROLE_NAMES, type RightCode } from '../../auth/rights.ts';
import { deleteCustomerContexts } from '../../auth/session.ts';
import type { BackendConfig } from '../../config.ts';
import { isValidZipcode } from '../../data/cities.ts';
import type { Db } from '../../db/client.ts';
import { auditLogTable, companyAddressTable, customerTable } from '../../db/schema/index.ts';
import { randomId } from '../../lib/ids.ts';
import { emailChanges, recordEmailChange } from '../account/email-change.ts';
import type { StoreApiEnv } from '../context.ts';
import { readJsonBody } from '../criteria.ts';
import { StoreApiError, violations } from '../../http/errors.ts';
import {
  assertId,
  emailField,
  enabledRights,
  grantableRights,
  mapCustomer,
  nameField,
  normalizeUsername,
  optionalText,
  rightsField,
  salutationField,
  sendInvitation,
  storefrontUrl,
  usernameField,
  usernameTaken,
  writeRights,
  type CustomerRow,
} from './customer-model.ts';

export interface CompanyDeps {
  db: Db;
  config: BackendConfig;
}

const numberish = v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/))]), v.transform(Number));

const filterSchema = v.object({
  type: v.picklist(['contains', 'equals', 'range']),
  field: v.string(),
  value: v.optional(v.unknown()),
  parameters: v.optional(
    v.object({
      gte: v.optional(numberish),
      lte: v.optional(numberish),
      gt: v.optional(numberish),
      lt: v.optional(numberish),
    }),
  ),
});

const listSchema = v.object({
  page: v.optional(v.pipe(numberish, v.integer(), v.minValue(1)), 1),
  limit: v.optional(v.pipe(numberish, v.integer(), v.minValue(1), v.maxValue(100)), 20),
  term: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100)))),
  filter: v.optional(v.array(filterSchema), []),
  sort: v.optional(
    v.array(v.object({ field: v.string(), order: v.optional(v.picklist(['ASC', 'DESC', 'asc', 'desc']), 'ASC') })),
    [],
  ),
});

const CONTAINS_FIELDS: Record<string, AnyPgColumn> = {
  firstName: customerTable.firstName,
  lastName: customerTable.lastName,
  email: customerTable.email,
  username: customerTable.username,
  'customerExtension.username': customerTable.username,
  'extensions.customerExtension.username': customerTable.username,
};
const LEAD_BUYER_FIELDS = new Set([
  'leadBuyer',
  'customerExtension.leadBuyer',
  'extensions.customerExtension.leadBuyer',
]);
const BUDGET_FIELDS = new Set(['flow.budget', 'flow.budgetRemaining', 'budget', 'remainingBudget']);
const SORT_FIELDS = {
  firstName: customerTable.firstName,
  lastName: customerTable.lastName,
  email: customerTable.email,
  username: customerTable.username,
  'customerExtension.username': customerTable.username,
  active: customerTable.active,
  leadBuyer: customerTable.leadBuyer,
  'customerExtension.leadBuyer': customerTable.leadBuyer,
  createdAt: customerTable.createdAt,
} as const;

/** `%term%` for ILIKE with the pattern characters of the term escaped. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** §5: the leadBuyer filter is true unless its value is 'no' (false, 'false' and 0 read as no too). */
function leadBuyerValue(value: unknown): boolean {
  return !(value === 'no' || value === false || value === 'false' || value === 0 || value === '0');
}

function listConditions(companyId: string, body: v.InferOutput<typeof listSchema>): SQL[] {
  const where: SQL[] = [eq(customerTable.companyId, companyId)];
  if (body.term) {
    const p = likePattern(body.term);
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
  body.filter.forEach((f, i) => {
    if (f.type === 'contains' && CONTAINS_FIELDS[f.field] && typeof f.value === 'string') {
      if (f.value.trim()) where.push(ilike(CONTAINS_FIELDS[f.field]!, likePattern(f.value.trim())));
    } else if (f.type === 'equals' && LEAD_BUYER_FIELDS.has(f.field)) {
      where.push(eq(customerTable.leadBuyer, leadBuyerValue(f.value)));
    } else if (f.type === 'equals' && f.field === 'active') {
      where.push(eq(customerTable.active, leadBuyerValue(f.value)));
    } else if (f.type === 'range' && BUDGET_FIELDS.has(f.field)) {
      // Budgets come with order flows; until then every user's budget and remaining budget is 0.
      const p = f.parameters ?? {};
      const budget = 0;
      const inRange =
        (p.gte === undefined || budget >= p.gte) &&
        (p.lte === undefined || budget <= p.lte) &&
        (p.gt === undefined || budget > p.gt) &&
        (p.lt === undefined || budget < p.lt);
      if (!inRange) where.push(eq(customerTable.id, ''));
    } else {
      bad.push({
        pointer: `/filter/${i}`,
        code: 'INVALID_FILTER',
        detail: `Unsupported ${f.type} filter on "${f.field}".`,
      });
    }
  });
  if (bad.length) throw violations(bad);
  return where;
}

const createSchema = v.object({
  salutation: salutationField,
  firstName: nameField,
  lastName: nameField,
  email: emailField,
  username: usernameField,
  phone: optionalText,
  mobile: optionalText,
  fax: optionalText,
  customerFunction: optionalText,
  active: v.optional(v.boolean(), true),
  leadBuyer: v.optional(v.boolean(), false),
  role: v.optional(v.picklist(ROLE_NAMES.filter((r) => r !== 'account_manager'))),
  rights: rightsField,
});

const patchSchema = v.object({
  salutation: salutationField,
  firstName: v.optional(nameField),
  lastName: v.optional(nameField),
  email: v.optional(emailField),
  username: v.optional(usernameField),
  phone: optionalText,
  mobile: optionalText,
  fax: optionalText,
  customerFunction: optionalText,
  active: v.optional(v.boolean()),
  leadBuyer: v.optional(v.boolean()),
  rights: rightsField,
  /** The caller's current password: needed when callers change their own e-mail address. */
  password: v.optional(v.pipe(v.string(), v.maxLength(4096))),
});

const deleteSchema = v.object({ customerIds: v.pipe(v.array(v.unknown()), v.minLength(1), v.maxLength(100)) });

const addressSchema = v.pipe(
  v.object({
    name: nameField,
    street: nameField,
    number: optionalText,
    houseNumber: optionalText,
    box: optionalText,
    zipcode: v.pipe(v.string(), v.trim(), v.minLength(1, 'This field is required.')),
    city: nameField,
    country: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/))),
    countryCode: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/))),
    email: v.optional(v.nullable(v.union([v.literal(''), emailField]))),
    additional: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(255)))),
    mainAddress: v.optional(v.boolean()),
    isMain: v.optional(v.boolean()),
  }),
  v.forward(
    v.partialCheck(
      [['country'], ['zipcode']],
      (a) => isValidZipcode(a.country ?? 'BE', a.zipcode),
      'Enter a valid postal code.',
    ),
    ['zipcode'],
  ),
);

type AddressRow = typeof companyAddressTable.$inferSelect;

/**
 * The provider's address shape (specification §3 "Address": name, street, number, box, zipcode, city, country, email,
 * main-address flag, additional), with `houseNumber`, `countryCode` and `isMain` as the account area's address list
 * (`account/list-address`) names them, so one client model fits both. `street` is the street alone here.
 */
export function mapCompanyAddress(a: AddressRow): Record<string, unknown> {
  return {
    id: a.id,
    companyId: a.companyId,
    name: a.name,
    street: a.street,
    number: a.houseNumber,
    houseNumber: a.houseNumber,
    box: a.box,
    zipcode: a.zipcode,
    city: a.city,
    country: a.countryCode,
    countryCode: a.countryCode,
    email: a.email,
    additional: a.additional,
    mainAddress: a.isMain,
    isMain: a.isMain,
    apiAlias: 'company_address',
  };
}

/** Registers the company routes on the app (see the module comment). */
export function registerCompanyRoutes(app: Hono<StoreApiEnv>, deps: CompanyDeps): void {
  const { db, config } = deps;
  const base = `/store-api/${config.provider}/companies`;

  async function caller(c: Context<StoreApiEnv>, right: RightCode): Promise<AuthenticatedCustomer> {
    const me = await requireCustomer(c, db);
    requireRight(me, right, config.provider);
    return me;
  }

  /** The user `id` of the caller's company, or 404. */
  async function companyUser(me: AuthenticatedCustomer, id: string): Promise<CustomerRow> {
    const [row] = await db
      .select()
      .from(customerTable)
      .where(and(eq(customerTable.id, id), eq(customerTable.companyId, me.companyId)))
      .limit(1);
    if (!row) throw customerNotFound(id);
    return row;
  }

  async function audit(me: AuthenticatedCustomer, action: string, targetCustomerId: string | null, details = {}) {
    await db.insert(auditLogTable).values({
      id: randomId(),
      actorCustomerId: me.id,
      action,
      targetCustomerId,
      companyId: me.companyId,
      details,
    });
  }

  app.post(`${base}/customers`, async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_CONTACTS');
    const body = v.parse(listSchema, await readJsonBody(c.req));
    const where = and(...listConditions(me.companyId, body));
    const order = body.sort.flatMap((s) => {
      // Budgets are 0 for everyone until order flows exist: sorting by them keeps the default order.
      if (BUDGET_FIELDS.has(s.field)) return [];
      const col = SORT_FIELDS[s.field as keyof typeof SORT_FIELDS];
      if (!col) throw violations([{ pointer: '/sort', code: 'INVALID_SORT', detail: `Cannot sort by "${s.field}".` }]);
      return [s.order.toUpperCase() === 'DESC' ? desc(col) : asc(col)];
    });
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(customerTable)
        .where(where)
        .orderBy(...order, asc(customerTable.lastName), asc(customerTable.firstName), asc(customerTable.id))
        .limit(body.limit)
        .offset((body.page - 1) * body.limit),
      db.select({ n: count() }).from(customerTable).where(where),
    ]);
    const rights = await enabledRights(
      db,
      rows.map((r) => r.id),
    );
    return c.json({
      elements: rows.map((r) => mapCustomer(r, rights.get(r.id) ?? [])),
      total: total?.n ?? 0,
      page: body.page,
      limit: body.limit,
      apiAlias: 'dal_entity_search_result',
    });
  });

  app.post(`${base}/customers/create`, async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_CONTACTS');
    const body = v.parse(createSchema, await readJsonBody(c.req));
    const role = body.leadBuyer ? 'lead_buyer' : (body.role ?? 'buyer');
    const username = normalizeUsername(body.username);
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
      const [inserted] = await tx
        .insert(customerTable)
        .values({
          id,
          companyId: me.companyId,
          username,
          email: body.email,
          salutation: body.salutation ?? null,
          firstName: body.firstName,
          lastName: body.lastName,
          phone: body.phone ?? null,
          mobile: body.mobile ?? null,
          fax: body.fax ?? null,
          customerFunction: body.customerFunction ?? null,
          active: body.active,
          leadBuyer: body.leadBuyer,
          role,
          languageId: c.get('context').language.id,
        })
        .returning();
      await writeRights(tx, id, rights);
      return { row: inserted!, granted: rights };
    });
    await audit(me, 'customer.create', id, { rights: granted });
    await sendInvitation(db, row, storefrontUrl(config, c.get('context')), c.get('context').language.localeCode);
    return c.json(mapCustomer(row, granted));
  });

  app.get(`${base}/customers/:id`, async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_CONTACTS');
    const row = await companyUser(me, assertId(c.req.param('id'), '/id'));
    const rights = await enabledRights(db, [row.id]);
    return c.json(mapCustomer(row, rights.get(row.id) ?? []));
  });

  app.patch(`${base}/customers/:id`, async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_CONTACTS');
    const id = assertId(c.req.param('id'), '/id');
    const body = v.parse(patchSchema, await readJsonBody(c.req));
    if (id === me.id && (body.active === false || body.leadBuyer === false)) {
      throw violations([
        {
          pointer: body.active === false ? '/active' : '/leadBuyer',
          code: 'CANNOT_CHANGE_OWN_ACCESS',
          detail: 'You cannot deactivate or demote yourself.',
        },
      ]);
    }
    const username = body.username !== undefined ? normalizeUsername(body.username) : undefined;
    const { updated, granted, before } = await db.transaction(async (tx) => {
      const row = (await guardUserChange(tx, me, config.provider, {
        kind: 'update',
        targetId: id,
        ...(body.leadBuyer !== undefined ? { leadBuyer: body.leadBuyer } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
        ...(body.leadBuyer === true ? { role: 'lead_buyer' } : {}),
        ...(body.email !== undefined ? { email: body.email } : {}),
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
      await recordEmailChange(db, { actorCustomerId: me.id, before, email: body.email, contextToken, at: new Date() });
    }
    if (granted) await audit(me, 'customer.rights', id, { rights: granted });
    if (body.active !== undefined && body.active !== before.active) {
      await audit(me, body.active ? 'customer.activate' : 'customer.deactivate', id);
    }
    const rights = await enabledRights(db, [id]);
    return c.json(mapCustomer(updated, rights.get(id) ?? []));
  });

  app.delete(`${base}/customers`, async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_CONTACTS');
    const body = v.parse(deleteSchema, await readJsonBody(c.req));
    const ids = [...new Set(body.customerIds.map((id, i) => assertId(id, `/customerIds/${i}`)))];
    if (ids.includes(me.id)) {
      throw violations([
        { pointer: '/customerIds', code: 'CANNOT_DELETE_SELF', detail: 'You cannot delete yourself.' },
      ]);
    }
    await db.transaction(async (tx) => {
      for (const id of ids) await guardUserChange(tx, me, config.provider, { kind: 'delete', targetId: id });
      for (const id of ids) await deleteCustomerContexts(tx, id);
      await tx
        .delete(customerTable)
        .where(and(inArray(customerTable.id, ids), eq(customerTable.companyId, me.companyId)));
    });
    for (const id of ids) await audit(me, 'customer.delete', id);
    return c.body(null, 204);
  });

  /** The caller's company id from the path, or 404 for any other company. */
  function ownCompany(c: Context<StoreApiEnv>, me: AuthenticatedCustomer): string {
    const companyId = assertId(c.req.param('companyId'), '/companyId');
    if (companyId !== me.companyId) {
      throw new StoreApiError(404, 'WERKBANK__COMPANY_NOT_FOUND', `The company "${companyId}" was not found.`, {
        parameters: { companyId },
      });
    }
    return companyId;
  }

  function addressNotFound(id: string): StoreApiError {
    return new StoreApiError(
      404,
      'CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND',
      `Customer address with id "${id}" not found.`,
      {
        parameters: { addressId: id },
      },
    );
  }

  async function companyAddress(companyId: string, addressId: string): Promise<AddressRow> {
    const [row] = await db
      .select()
      .from(companyAddressTable)
      .where(and(eq(companyAddressTable.id, addressId), eq(companyAddressTable.companyId, companyId)))
      .limit(1);
    if (!row) throw addressNotFound(addressId);
    return row;
  }

  function addressValues(body: v.InferOutput<typeof addressSchema>) {
    return {
      name: body.name,
      street: body.street,
      houseNumber: body.number || body.houseNumber || null,
      box: body.box || null,
      zipcode: body.zipcode.toUpperCase(),
      city: body.city,
      countryCode: body.country ?? body.countryCode ?? 'BE',
      email: body.email || null,
      additional: body.additional || null,
    };
  }

  app.post(`${base}/:companyId/address`, async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_ADDRESSES');
    const companyId = ownCompany(c, me);
    const body = v.parse(addressSchema, await readJsonBody(c.req));
    const isMain = body.mainAddress ?? body.isMain ?? false;
    const id = randomId();
    const [row] = await db.transaction(async (tx) => {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(companyAddressTable)
        .where(eq(companyAddressTable.companyId, companyId));
      const main = isMain || n === 0;
      if (main)
        await tx.update(companyAddressTable).set({ isMain: false }).where(eq(companyAddressTable.companyId, companyId));
      return tx
        .insert(companyAddressTable)
        .values({ id, companyId, ...addressValues(body), isMain: main })
        .returning();
    });
    return c.json(mapCompanyAddress(row!));
  });

  app.put(`${base}/:companyId/address/:addressId`, async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_ADDRESSES');
    const companyId = ownCompany(c, me);
    const addressId = assertId(c.req.param('addressId'), '/addressId');
    const body = v.parse(addressSchema, await readJsonBody(c.req));
    const existing = await companyAddress(companyId, addressId);
    const requested = body.mainAddress ?? body.isMain;
    if (existing.isMain && requested === false) {
      throw violations([
        {
          pointer: '/mainAddress',
          code: 'MAIN_ADDRESS_REQUIRED',
          detail: 'Make another address the main address instead.',
        },
      ]);
    }
    const [row] = await db.transaction(async (tx) => {
      if (requested === true && !existing.isMain) {
        await tx
          .update(companyAddressTable)
          .set({ isMain: false })
          .where(and(eq(companyAddressTable.companyId, companyId), ne(companyAddressTable.id, addressId)));
      }
      return tx
        .update(companyAddressTable)
        .set({ ...addressValues(body), isMain: requested ?? existing.isMain, updatedAt: new Date() })
        .where(eq(companyAddressTable.id, addressId))
        .returning();
    });
    return c.json(mapCompanyAddress(row!));
  });

  app.delete(`${base}/:companyId/address/:addressId`, async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_ADDRESSES');
    const companyId = ownCompany(c, me);
    const addressId = assertId(c.req.param('addressId'), '/addressId');
    const existing = await companyAddress(companyId, addressId);
    if (existing.isMain) {
      throw violations([
        {
          pointer: '/addressId',
          code: 'MAIN_ADDRESS_CANNOT_BE_DELETED',
          detail: 'The main address cannot be deleted.',
        },
      ]);
    }
    await db.delete(companyAddressTable).where(eq(companyAddressTable.id, addressId));
    return c.body(null, 204);
  });
}
