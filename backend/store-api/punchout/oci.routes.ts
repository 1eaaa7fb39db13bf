/**
 * The OCI entry (SAP OCI 4.0/5.0; docs/decisions/025-punch-out.md), below `/store-api/{oci-entry}`:
 *
 * - `POST /call-up`: the call-up the storefront received on `/punchout/oci` (GET query and POST form, merged, names
 *   case-insensitive). USERNAME and PASSWORD of an OCI technical user (argon2id; an unknown user is checked against a
 *   dummy hash, so both answer alike and as slowly), HOOK_URL against the configuration's origins, FUNCTION=DETAIL's
 *   product; then a session and a one-time code. Rate-limited per username and per address like the login.
 * - `POST /function`: FUNCTION=VALIDATE and BACKGROUND_SEARCH answer the page for the procurement system at once,
 *   without a session (SAP OCI 4.0: the SRM server reads it on the same URL).
 * - `POST /otp/{otp}`: the code (single use, 2 minutes) becomes the session's context.
 * - `POST /logout`: ends the session without a transfer.
 *
 * Credentials never reach a log or an answer; errors are Store API envelopes the storefront shows as a page.
 */
import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { OciCallUpRequest, OciCallUpResponse } from '../../../contract/provider/punchout.ts';
import { providerErrorCode } from '../../../contract/provider.ts';
import { loadAuthenticatedCustomer } from '../../auth/guards.ts';
import { DUMMY_HASH, verifyPassword } from '../../auth/password.ts';
import {
  clearRateLimit,
  clientAddress,
  enforceRateLimits,
  ipKey,
  RATE_LIMITS,
  refundRateLimit,
} from '../../auth/rate-limit.ts';
import { configuredSiteUrl, type BackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { productTable } from '../../db/schema/index.ts';
import { StoreApiError } from '../../http/errors.ts';
import { providerRoute } from '../../http/provider-route.ts';
import { isId } from '../../lib/ids.ts';
import { ociConfigByUsername, type OciConfig } from '../../commerce/punchout/config.ts';
import { PunchOutInputError } from '../../commerce/punchout/errors.ts';
import {
  ociFormTarget,
  ociResponseCharset,
  parseOciCallUp,
  type OciCallUp,
} from '../../commerce/punchout/oci/call-up.ts';
import { checkReturnUrl } from '../../commerce/punchout/return-url.ts';
import {
  endExpiredPunchOutSessions,
  issueStart,
  OCI_START_TTL_MS,
  openPunchOutSession,
  redeemStart,
} from '../../commerce/punchout/sessions.ts';
import type { OciSessionData } from '../../commerce/punchout/transfer.ts';
import { ociFunctionPageFor } from '../../commerce/punchout/oci-function-page.ts';
import { ociFunctionKind } from '../../commerce/punchout/oci/functions.ts';
import type { StoreApiEnv } from '../context.ts';
import { endOwnPunchOutSession, openPunchOutContext, punchOutPageResponse } from './punchout-context.ts';

export interface OciRouteDeps {
  db: Db;
  config: BackendConfig;
  now?: () => Date;
}

/** The Store API error of an OCI rule: `{OCI-ENTRY}__NAME` (contract/provider.ts providerErrorCode). */
function ociError(config: BackendConfig, status: 400 | 401 | 403 | 404 | 429, name: string, detail: string) {
  return new StoreApiError(status, providerErrorCode(config.ociEntry, name), detail);
}

/**
 * Checks a call-up: parses it, checks the credentials (rate-limited) and HOOK_URL.
 *
 * @throws StoreApiError 400 (bounds, HOOK_URL missing or malformed), 401 (credentials), 403 (HOOK_URL origin), 429.
 */
async function checkCallUp(
  deps: OciRouteDeps,
  body: OciCallUpRequest,
  address: string | null,
): Promise<{ callUp: OciCallUp; config: OciConfig; hookUrl: string }> {
  const { db, config } = deps;
  let callUp: OciCallUp;
  try {
    callUp = parseOciCallUp(new URLSearchParams(body.query), new URLSearchParams(body.form));
  } catch (error) {
    if (error instanceof PunchOutInputError) throw ociError(config, 400, 'INVALID_CALL_UP', error.message);
    throw error;
  }
  const username = (callUp.username ?? '').trim().toLowerCase();
  // Counted like the login's attempts (docs/decisions/008, 012): per username and per client address; a call-up
  // whose password verified is taken back, since every buyer of a company calls up with the one technical user.
  const userKey = `oci:user:${username}`;
  const addressKey = ipKey('oci', address);
  await enforceRateLimits(
    db,
    [
      [userKey, RATE_LIMITS.loginUser],
      [addressKey, RATE_LIMITS.loginIp],
    ],
    // The window is measured with the database's clock unless a test gives one.
    deps.now?.(),
  );
  const found = username ? await ociConfigByUsername(db, username) : null;
  const passwordOk = await verifyPassword(found?.passwordHash ?? DUMMY_HASH, callUp.password ?? '');
  if (!found || !found.passwordHash || !passwordOk || !found.usable) {
    throw ociError(config, 401, 'INVALID_CREDENTIALS', 'Unknown user or wrong password.');
  }
  await clearRateLimit(db, userKey);
  await refundRateLimit(db, addressKey);
  const hook = checkReturnUrl(callUp.hookUrl ?? undefined, found.config.settings.hookOrigins, { allowSapEvent: true });
  if (!hook.ok) {
    if (hook.reason === 'missing' || hook.reason === 'malformed') {
      throw ociError(config, 400, 'HOOK_URL_MISSING', 'The call-up needs a HOOK_URL to return the cart to.');
    }
    throw ociError(config, 403, 'HOOK_URL_NOT_ALLOWED', 'The HOOK_URL is not an address configured for this user.');
  }
  return { callUp, config: found.config, hookUrl: hook.url };
}

/** Registers the routes of the module comment. */
export function registerOciRoutes(app: Hono<StoreApiEnv>, routeDeps: OciRouteDeps): void {
  const deps: Required<OciRouteDeps> = { now: () => new Date(), ...routeDeps };
  const { db, config, now } = deps;

  providerRoute(app, config.ociEntry, 'ociCallUp', async (c, { body }) => {
    const { callUp, config: oci, hookUrl } = await checkCallUp(routeDeps, body, clientAddress(c));
    const at = now();
    const fn = ociFunctionKind(callUp.function);
    let landing: OciSessionData['landing'] = { kind: 'home' };
    if (fn === 'DETAIL') {
      const productId = (callUp.productId ?? '').trim().toLowerCase();
      const [product] = isId(productId)
        ? await db
            .select({ id: productTable.id })
            .from(productTable)
            .where(and(eq(productTable.id, productId), eq(productTable.active, true)))
            .limit(1)
        : [];
      if (!product) throw ociError(config, 404, 'PRODUCT_NOT_FOUND', 'No article with this PRODUCTID.');
      landing = { kind: 'product', productId: product.id };
    } else if (fn === 'SOURCING') {
      landing = { kind: 'search', term: (callUp.searchString ?? '').slice(0, 200) };
    }
    await endExpiredPunchOutSessions(db, at);
    const data: OciSessionData = {
      target: ociFormTarget(callUp, oci.settings),
      sapTarget: callUp.target ?? null,
      okCode: callUp.okCode ?? null,
      caller: callUp.caller ?? null,
      charset: ociResponseCharset(callUp, oci.settings),
      ociVersion: callUp.ociVersion ?? null,
      opiVersion: callUp.opiVersion ?? null,
      extra: callUp.extra,
      landing,
      storefrontUrl: configuredSiteUrl(config, body.storefrontUrl, c.get('context').language.localeCode),
    };
    const session = await openPunchOutSession(db, {
      configId: oci.id,
      configuredCustomerId: oci.customerId,
      protocol: 'oci',
      operation: 'create',
      returnUrl: hookUrl,
      data: data as unknown as Record<string, unknown>,
      testMode: false,
      now: at,
    });
    const start = await issueStart(db, session.id, 'oci', OCI_START_TTL_MS, at);
    c.header('cache-control', 'no-store');
    return {
      otp: start.secret,
      expiresIn: OCI_START_TTL_MS / 1000,
      apiAlias: 'punchout_call_up',
    } satisfies OciCallUpResponse;
  });

  providerRoute(app, config.ociEntry, 'ociFunctionPage', async (c, { body }) => {
    const { callUp, config: oci } = await checkCallUp(deps, body, clientAddress(c));
    const fn = ociFunctionKind(callUp.function);
    if (fn !== 'VALIDATE' && fn !== 'BACKGROUND_SEARCH') {
      throw ociError(config, 400, 'INVALID_CALL_UP', 'FUNCTION must be VALIDATE or BACKGROUND_SEARCH here.');
    }
    const context = c.get('context');
    const customer = await loadAuthenticatedCustomer(db, oci.customerId);
    if (!customer) throw ociError(config, 401, 'INVALID_CREDENTIALS', 'Unknown user or wrong password.');
    const page = await ociFunctionPageFor(db, {
      kind: fn,
      callUp,
      config: oci,
      customer,
      locale: context.language.localeCode,
      storefrontUrl: configuredSiteUrl(config, body.storefrontUrl, c.get('context').language.localeCode),
      now: now(),
    });
    return punchOutPageResponse(page);
  });

  providerRoute(app, config.ociEntry, 'ociExchangeOtp', async (c, { params }) => {
    const at = now();
    const session = await redeemStart(db, 'oci', null, params.otp, at);
    if (!session?.customerId) {
      throw ociError(config, 404, 'OTP_NOT_FOUND', 'This punch-out link is unknown, used or expired.');
    }
    return openPunchOutContext(c, db, { ...session, customerId: session.customerId }, at);
  });

  providerRoute(app, config.ociEntry, 'ociLogout', (c) => endOwnPunchOutSession(c, db, config, 'oci', now()));
}
