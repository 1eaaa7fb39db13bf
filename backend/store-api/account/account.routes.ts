/**
 * The customer's own account (Shopware's Store API account routes; docs/decisions/008):
 * - `POST /store-api/account/login` { username, password } → `{ contextToken }` and a NEW `sw-context-token`;
 *   the token the caller brought is never upgraded (session fixation, OWASP ASVS 4.0.3 V3.2.1);
 * - `POST /store-api/account/logout` → deletes the context, answers a new anonymous token (ASVS V3.3.1);
 * - `GET|POST /store-api/account/customer` → the customer with company, extension and rights, and
 *   `extensions.impersonatorId` (the account manager's id in a "login as customer" session, else null);
 * - `POST /store-api/account/change-password` { password, newPassword, newPasswordConfirm } (right
 *   ROLE_MANAGE_OWN_ACCOUNT, the account's login settings, docs/decisions/024) → new token, every other session of
 *   the customer ends (ASVS V3.3.3);
 * - `POST /store-api/account/change-profile` (right ROLE_MANAGE_OWN_CONTACT_INFO); a new `email` needs the current
 *   `password` too (400 `VIOLATION::IS_BLANK_ERROR` without, `CUSTOMER_PASSWORD_NOT_CORRECT` when wrong);
 * - `POST /store-api/account/change-email` { email, emailConfirmation, password } (Shopware's route, same right) →
 *   `{ success: true }`; a confirmation that differs answers `VIOLATION::NOT_EQUAL_ERROR`. Every e-mail change is
 *   audited and the OLD address gets a notice (`recordEmailChange`);
 * - `POST /store-api/account/list-address` → the company's addresses (criteria `page`, `limit`, `term`).
 *
 * Login errors: unknown username and wrong password give the identical 401 `CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS`
 * (an unknown user is verified against a dummy hash, so the work is the same: no user enumeration, OWASP
 * Authentication Cheat Sheet). Only after the password verified: `{provider}__CUSTOMER_IS_INACTIVE`,
 * `{provider}__COMPANY_IS_INACTIVE`, `{provider}__FORCED_CUSTOMER_RECOVERY` (meta.parameters.hash = a fresh
 * single-use set-password secret).
 * Rate limits per username and client address: 429 `FRAMEWORK__RATE_LIMIT_EXCEEDED`; a login whose password verified
 * does not count against the address.
 */
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { LoginUsernameSchema, NewPasswordSchema, PasswordSchema } from '../../../contract/credentials.ts';
import { EmailSchema, requiredText } from '../../../contract/fields.ts';
import { notLoggedIn, requireCurrentPassword, requireCustomer, requireRight } from '../../auth/guards.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../auth/password.ts';
import {
  clearRateLimit,
  clientAddress,
  enforceRateLimits,
  ipKey,
  RATE_LIMITS,
  refundRateLimit,
} from '../../auth/rate-limit.ts';
import { issueRecoverySecret } from '../../auth/recovery.ts';
import {
  createCustomerContext,
  deleteContext,
  deleteCustomerContexts,
  readContextPayload,
} from '../../auth/session.ts';
import { companyAddressTable, companyTable, customerTable } from '../../db/schema/index.ts';
import { randomId } from '../../lib/ids.ts';
import type { StoreApiEnv } from '../context.ts';
import { isOciTechnicalUser } from '../../commerce/punchout/config.ts';
import { containsPattern } from '../../db/like.ts';
import { pagination, parseCriteria, readJsonBody } from '../criteria.ts';
import { searchResult } from '../../http/entities.ts';
import { StoreApiError, violations } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import { loadCustomerView, mapAddress } from '../customer-view.ts';
import { emailChanges, recordEmailChange } from '../../commerce/accounts/email-change.ts';
import { providerCode, resolveDeps, type AccountDeps } from './deps.ts';
import { PROVIDER_ERROR_NAMES, SHOPWARE_ERROR_CODES } from '../../../contract/error-codes.ts';
import { assertPasswordsMatch, optionalString } from './validation.ts';

/** Login: the username normalised as stored (contract/credentials.ts), the password as typed. */
const loginSchema = v.object({ username: LoginUsernameSchema, password: PasswordSchema });

const changePasswordSchema = v.object({
  password: PasswordSchema,
  newPassword: NewPasswordSchema,
  newPasswordConfirm: v.pipe(v.string(), v.nonEmpty('IS_BLANK_ERROR')),
});

const changeEmailSchema = v.object({
  email: EmailSchema,
  emailConfirmation: v.pipe(v.string(), v.trim()),
  password: PasswordSchema,
});

const changeProfileSchema = v.object({
  salutation: v.optional(v.nullable(v.picklist(['female', 'male', 'mr', 'mrs', 'not_specified'], 'INVALID_VALUE'))),
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: v.optional(EmailSchema),
  /** The current password: needed only when `email` changes. */
  password: v.optional(PasswordSchema),
  phone: optionalString(40),
  mobile: optionalString(40),
  fax: optionalString(40),
  customerFunction: optionalString(100),
});

function badCredentials(): StoreApiError {
  return new StoreApiError(
    401,
    SHOPWARE_ERROR_CODES.CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS,
    'Invalid username and/or password.',
  );
}

function tokenResponse(c: Context<StoreApiEnv>, token: string, extra: Record<string, unknown> = {}) {
  c.header('sw-context-token', token);
  return c.json({ contextToken: token, ...extra, apiAlias: 'array_struct' });
}

/** Registers the routes listed in the module comment. */
export function registerAccountRoutes(app: Hono<StoreApiEnv>, accountDeps: AccountDeps): void {
  const { db, config, now, env, jobs } = resolveDeps(accountDeps);

  app.post('/store-api/account/login', validate('json', loginSchema), async (c) => {
    const input = c.req.valid('json');
    const { username } = input;
    const at = now();
    const addressKey = ipKey('login', clientAddress(c, env));
    await enforceRateLimits(
      db,
      [
        [`login:user:${username}`, RATE_LIMITS.loginUser],
        [addressKey, RATE_LIMITS.loginIp],
      ],
      // The window is measured with the database's clock unless a test gives one (`AccountDeps.now`).
      accountDeps.now?.(),
    );
    const [row] = await db
      .select({ customer: customerTable, companyActive: companyTable.active })
      .from(customerTable)
      .innerJoin(companyTable, eq(companyTable.id, customerTable.companyId))
      .where(eq(customerTable.username, username))
      .limit(1);
    const ok = await verifyPassword(row?.customer.passwordHash ?? DUMMY_HASH, input.password);
    if (!row || !ok) throw badCredentials();
    // An OCI technical user's password opens punch-out sessions only (docs/decisions/025): a direct login with it
    // would order past the procurement system. It answers as a wrong password does.
    if (row.customer.isOciCustomer && (await isOciTechnicalUser(db, row.customer.id))) throw badCredentials();
    // The password verified: only failed logins count against the address (backend/auth/rate-limit.ts).
    await refundRateLimit(db, addressKey);
    const customer = row.customer;
    if (!customer.active) {
      throw new StoreApiError(401, providerCode(config, 'CUSTOMER_IS_INACTIVE'), 'The customer account is inactive.');
    }
    if (!row.companyActive) {
      throw new StoreApiError(401, providerCode(config, 'COMPANY_IS_INACTIVE'), 'The company is inactive.');
    }
    await clearRateLimit(db, `login:user:${username}`);
    if (customer.forceRecovery) {
      const hash = await issueRecoverySecret(db, customer.id, 'forced', at);
      throw new StoreApiError(
        401,
        providerCode(config, PROVIDER_ERROR_NAMES.FORCED_CUSTOMER_RECOVERY),
        'A new password must be set before logging in.',
        { parameters: { hash } },
      );
    }
    const ctx = c.get('context');
    if (ctx.persisted && ctx.customerId) await deleteContext(db, ctx.token);
    const token = await createCustomerContext(db, {
      salesChannelId: ctx.salesChannel.id,
      customerId: customer.id,
      languageId: ctx.language.id,
      now: now(),
    });
    await db
      .update(customerTable)
      .set({ lastLogin: at, languageId: ctx.language.id })
      .where(eq(customerTable.id, customer.id));
    return tokenResponse(c, token);
  });

  app.post('/store-api/account/logout', async (c) => {
    const ctx = c.get('context');
    if (!ctx.customerId) throw notLoggedIn();
    await deleteContext(db, ctx.token);
    return tokenResponse(c, randomId());
  });

  const readCustomer = async (c: Context<StoreApiEnv>) => {
    const customer = await requireCustomer(c, db);
    const ctx = c.get('context');
    const view = await loadCustomerView(db, customer.id, ctx.salesChannel.id, ctx.language.id);
    if (!view) throw notLoggedIn();
    const payload = await readContextPayload(db, ctx.token);
    return c.json({
      ...view,
      extensions: { ...view.extensions, impersonatorId: payload?.impersonatorId ?? null },
    });
  };
  app.get('/store-api/account/customer', readCustomer);
  app.post('/store-api/account/customer', readCustomer);

  // A punch-out session shops as a customer of its own, with no password or e-mail of a person behind it: nothing of
  // the account is changed from inside a procurement system (docs/decisions/025).
  for (const path of ['change-password', 'change-profile', 'change-email']) {
    app.post(`/store-api/account/${path}`, async (c, next) => {
      if (c.get('context').punchOut) {
        throw new StoreApiError(
          403,
          providerCode(config, 'PUNCHOUT_ACCOUNT_READ_ONLY'),
          'The account cannot be changed from a punch-out session.',
        );
      }
      await next();
    });
  }

  app.post('/store-api/account/change-password', validate('json', changePasswordSchema), async (c) => {
    const customer = await requireCustomer(c, db);
    requireRight(customer, 'ROLE_MANAGE_OWN_ACCOUNT', config.provider);
    const input = c.req.valid('json');
    await requireCurrentPassword(db, customer.id, input.password);
    assertPasswordsMatch(input.newPassword, input.newPasswordConfirm);
    const at = now();
    await db
      .update(customerTable)
      .set({ passwordHash: await hashPassword(input.newPassword), passwordChangedAt: at, updatedAt: at })
      .where(eq(customerTable.id, customer.id));
    const ctx = c.get('context');
    await deleteCustomerContexts(db, customer.id);
    const token = await createCustomerContext(db, {
      salesChannelId: ctx.salesChannel.id,
      customerId: customer.id,
      languageId: ctx.language.id,
      now: now(),
    });
    return tokenResponse(c, token, { success: true });
  });

  /** The customer's row as stored (the e-mail change needs the address before it). */
  const storedCustomer = async (id: string) => {
    const [row] = await db.select().from(customerTable).where(eq(customerTable.id, id)).limit(1);
    if (!row) throw notLoggedIn();
    return row;
  };

  app.post('/store-api/account/change-profile', validate('json', changeProfileSchema), async (c) => {
    const customer = await requireCustomer(c, db);
    requireRight(customer, 'ROLE_MANAGE_OWN_CONTACT_INFO', config.provider);
    const input = c.req.valid('json');
    const before = await storedCustomer(customer.id);
    const newEmail = emailChanges(before.email, input.email) ? input.email : undefined;
    if (newEmail !== undefined) await requireCurrentPassword(db, customer.id, input.password);
    const salutation =
      input.salutation === 'mr' ? 'male' : input.salutation === 'mrs' ? 'female' : (input.salutation ?? undefined);
    const at = now();
    await db
      .update(customerTable)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        ...(newEmail !== undefined ? { email: newEmail } : {}),
        ...(salutation !== undefined ? { salutation: salutation === 'not_specified' ? null : salutation } : {}),
        ...(input.phone !== undefined ? { phone: input.phone } : {}),
        ...(input.mobile !== undefined ? { mobile: input.mobile } : {}),
        ...(input.fax !== undefined ? { fax: input.fax } : {}),
        ...(input.customerFunction !== undefined ? { customerFunction: input.customerFunction } : {}),
        updatedAt: at,
      })
      .where(eq(customerTable.id, customer.id));
    if (newEmail !== undefined) {
      const contextToken = c.get('context').token;
      await recordEmailChange(db, { actorCustomerId: customer.id, before, email: newEmail, contextToken, at, jobs });
    }
    return c.json({ success: true, apiAlias: 'array_struct' });
  });

  app.post('/store-api/account/change-email', validate('json', changeEmailSchema), async (c) => {
    const customer = await requireCustomer(c, db);
    requireRight(customer, 'ROLE_MANAGE_OWN_CONTACT_INFO', config.provider);
    const input = c.req.valid('json');
    if (input.email.toLowerCase() !== input.emailConfirmation.toLowerCase()) {
      throw violations([
        { pointer: '/emailConfirmation', code: 'NOT_EQUAL_ERROR', detail: 'The e-mail addresses do not match.' },
      ]);
    }
    await requireCurrentPassword(db, customer.id, input.password);
    const before = await storedCustomer(customer.id);
    if (emailChanges(before.email, input.email)) {
      const at = now();
      await db
        .update(customerTable)
        .set({ email: input.email, updatedAt: at })
        .where(eq(customerTable.id, customer.id));
      const contextToken = c.get('context').token;
      await recordEmailChange(db, { actorCustomerId: customer.id, before, email: input.email, contextToken, at, jobs });
    }
    return c.json({ success: true, apiAlias: 'array_struct' });
  });

  app.post('/store-api/account/list-address', async (c) => {
    const customer = await requireCustomer(c, db);
    const criteria = parseCriteria(await readJsonBody(c.req), c.req.query());
    const { page, limit, offset } = pagination(criteria, 20);
    const term = criteria.term?.trim();
    const scope = eq(companyAddressTable.companyId, customer.companyId);
    const where = term
      ? and(
          scope,
          or(
            ilike(companyAddressTable.name, containsPattern(term)),
            ilike(companyAddressTable.street, containsPattern(term)),
            ilike(companyAddressTable.city, containsPattern(term)),
            ilike(companyAddressTable.zipcode, containsPattern(term)),
          ),
        )
      : scope;
    const [company] = await db
      .select({ name: companyTable.name })
      .from(companyTable)
      .where(eq(companyTable.id, customer.companyId));
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(companyAddressTable)
      .where(where);
    const rows = await db
      .select()
      .from(companyAddressTable)
      .where(where)
      .orderBy(sql`${companyAddressTable.isMain} DESC`, asc(companyAddressTable.name), asc(companyAddressTable.id))
      .limit(limit)
      .offset(offset);
    const elements = rows.map((r) => mapAddress(r, company ?? { name: '' }, customer.id));
    return c.json(searchResult('customer_address', elements, count?.n ?? 0, page, limit));
  });
}
