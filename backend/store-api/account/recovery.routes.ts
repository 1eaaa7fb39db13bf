/**
 * Password recovery (Shopware's `account/recovery-password` routes; a forced recovery sends a login here;
 * docs/decisions/008):
 * - `POST /store-api/account/recovery-password` { username, storefrontUrl } → always 200 `{ success: true }`, whether
 *   or not the username exists, answered before the username is even looked up (the lookup, secret and mail run
 *   afterwards through `defer`). For an active customer a mail goes out with `{domain}/auth/password-set?hash=…`,
 *   where `{domain}` is `storefrontUrl` only when it equals a configured domain URL, else the domain of the request's
 *   language, else the first domain; never the Host or X-Forwarded-Host header.
 * - `POST /store-api/account/recovery-password-confirm` { hash, newPassword, newPasswordConfirm } (Shopware's
 *   name) → sets the password, ends ALL the customer's sessions, lifts a forced recovery, clears the username's
 *   failed logins (backend/auth/rate-limit.ts); 200 `{ success: true }`.
 *   Unknown, used or expired hashes: the identical 404 `CHECKOUT__CUSTOMER_RECOVERY_HASH_EXPIRED`.
 * - `POST /store-api/account/customer-recovery-is-expired` { hash } (Shopware's name) → `{ isExpired }`, so the
 *   set-password page can say at once that a link is no longer valid.
 */
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import * as v from 'valibot';
import { LoginUsernameSchema, NewPasswordSchema } from '../../../contract/credentials.ts';
import { hashPassword } from '../../auth/password.ts';
import { clearLoginRateLimit, clientAddress, enforceRateLimits, ipKey, RATE_LIMITS } from '../../auth/rate-limit.ts';
import { consumeRecoverySecret, issueRecoverySecret, peekRecoverySecret } from '../../auth/recovery.ts';
import { deleteCustomerContexts } from '../../auth/session.ts';
import { configuredSiteUrl } from '../../config.ts';
import { companyTable, customerTable } from '../../db/schema/index.ts';
import { queueMail } from '../../mail/outbox.ts';
import { passwordRecoveryMail } from '../../mail/templates.ts';
import type { StoreApiEnv } from '../context.ts';
import { StoreApiError } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import { resolveDeps, type AccountDeps } from './deps.ts';
import { assertPasswordsMatch } from './validation.ts';
import { SHOPWARE_ERROR_CODES } from '../../../contract/error-codes.ts';

/** The username normalised as stored (contract/credentials.ts); the storefront's base URL for the link. */
const recoverySchema = v.object({
  username: LoginUsernameSchema,
  storefrontUrl: v.optional(v.pipe(v.string('INVALID_VALUE'), v.maxLength(2048, 'TOO_LONG_ERROR'))),
});

const hashSchema = v.pipe(v.string('IS_BLANK_ERROR'), v.nonEmpty('IS_BLANK_ERROR'), v.maxLength(256, 'TOO_LONG_ERROR'));

const confirmSchema = v.object({
  hash: hashSchema,
  newPassword: NewPasswordSchema,
  newPasswordConfirm: v.pipe(v.string(), v.nonEmpty('IS_BLANK_ERROR')),
});

function hashExpired(): StoreApiError {
  return new StoreApiError(
    404,
    SHOPWARE_ERROR_CODES.CHECKOUT__CUSTOMER_RECOVERY_HASH_EXPIRED,
    'The password link is invalid, already used or expired.',
  );
}

/** Registers the routes listed in the module comment. */
export function registerRecoveryRoutes(app: Hono<StoreApiEnv>, accountDeps: AccountDeps): void {
  const { db, config, now, env, defer, jobs } = resolveDeps(accountDeps);

  app.post('/store-api/account/recovery-password', validate('json', recoverySchema), async (c) => {
    const input = c.req.valid('json');
    const { username } = input;
    const at = now();
    await enforceRateLimits(
      db,
      [
        [`recovery:user:${username}`, RATE_LIMITS.recoveryUser],
        [ipKey('recovery', clientAddress(c, env)), RATE_LIMITS.recoveryIp],
      ],
      // The window is measured with the database's clock unless a test gives one (`AccountDeps.now`).
      accountDeps.now?.(),
    );
    const ctx = c.get('context');
    const base = configuredSiteUrl(config, input.storefrontUrl, ctx.language.localeCode);
    const locale = config.domains.find((d) => d.url.replace(/\/+$/, '') === base)?.locale ?? ctx.language.localeCode;
    // Looking the user up, issuing the secret and mailing happen after the answer: its timing reveals nothing.
    defer(async () => {
      const [row] = await db
        .select({ customer: customerTable, companyActive: companyTable.active })
        .from(customerTable)
        .innerJoin(companyTable, eq(companyTable.id, customerTable.companyId))
        .where(eq(customerTable.username, username))
        .limit(1);
      if (!row || !row.customer.active || !row.companyActive) return;
      const secret = await issueRecoverySecret(db, row.customer.id, 'recovery', at);
      const mail = passwordRecoveryMail({
        to: row.customer.email,
        name: `${row.customer.firstName} ${row.customer.lastName}`.trim(),
        link: `${base}/auth/password-set?hash=${secret}`,
        locale,
      });
      // Written with its delivery job; the mail server's answer is the job's concern, never the request's.
      await queueMail(db, mail, jobs);
    });
    return c.json({ success: true, apiAlias: 'array_struct' });
  });

  app.post('/store-api/account/recovery-password-confirm', validate('json', confirmSchema), async (c) => {
    const input = c.req.valid('json');
    assertPasswordsMatch(input.newPassword, input.newPasswordConfirm);
    const at = now();
    const passwordHash = await hashPassword(input.newPassword);
    const customerId = await consumeRecoverySecret(db, input.hash, at);
    if (!customerId) throw hashExpired();
    const [changed] = await db
      .update(customerTable)
      .set({ passwordHash, passwordChangedAt: at, forceRecovery: false, updatedAt: at })
      .where(eq(customerTable.id, customerId))
      .returning({ username: customerTable.username });
    await deleteCustomerContexts(db, customerId);
    // The mailed secret proves the owner: failed logins (perhaps someone else's) no longer hold them back.
    if (changed) await clearLoginRateLimit(db, changed.username);
    return c.json({ success: true, apiAlias: 'array_struct' });
  });

  app.post(
    '/store-api/account/customer-recovery-is-expired',
    validate('json', v.object({ hash: hashSchema })),
    async (c) => {
      const input = c.req.valid('json');
      const found = await peekRecoverySecret(db, input.hash, now());
      return c.json({ isExpired: !found, apiAlias: 'array_struct' });
    },
  );
}
