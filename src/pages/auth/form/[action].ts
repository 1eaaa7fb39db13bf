/**
 * `POST /{prefix}/auth/form/{action}`: the endpoints forms post to when their island has not hydrated or the browser
 * runs no JavaScript (src/lib/forms/form-post.ts). Each answers 303 (Post/Redirect/Get), never with a field value in
 * the URL:
 * - `login` { username, password, redirect? }: Store API `account/login` through the proxy (context cookie rotated,
 *   logged-in marker set, as the island's login) → the `redirect` path when it is one of the shop's own
 *   (src/lib/safe-redirect.ts), else the dashboard; a forced password change → `/auth/password-set?hash=…` as the
 *   island goes; an error → `/auth?error={CODE}` (with the `redirect` kept).
 * - `password-forgot` { username }: `account/recovery-password` → `/auth/password-recovery` ("check your mail"); an
 *   error → `/auth/password-forgot?error={CODE}`.
 * - `password-set` { hash, newPassword, newPasswordConfirm }: `account/recovery-password-confirm` →
 *   `/auth?notice=password-set`; an error → `/auth/password-set?hash=…&error={CODE}` (the hash is the mail link's).
 * - `script-required`: the larger forms (registration, the account area) need their island; the body is dropped
 *   unread and the visitor goes back to the page the form was on (its `Referer`, when it is the shop's own) with
 *   `?error=STOREFRONT__SCRIPT_REQUIRED`.
 * A body that is not a small url-encoded form goes back with `?error=STOREFRONT__INVALID_FORM`; another action is 404.
 */
import type { APIContext, APIRoute } from 'astro';
import {
  callStoreApiForForm,
  formErrorCode,
  FORM_POST_ACTIONS,
  INVALID_FORM_CODE,
  readFormPost,
  SCRIPT_REQUIRED_CODE,
  withError,
  type FormPostAction,
} from '../../../lib/forms/form-post.ts';
import { safeRedirect } from '../../../lib/safe-redirect.ts';
import { PROVIDER_ERROR_NAMES, providerErrorCode } from '../../../../contract/error-codes.ts';
import { storefrontConfig } from '../../../lib/storefront-config.ts';

/** A password link's hash as the Store API issues it; only such a hash goes back into a URL. */
const LINK_HASH = /^[A-Za-z0-9]{1,256}$/;

/** A 303 to a path of the shop: the browser follows with GET (RFC 9110 §15.4.4). */
function seeOther(path: string): Response {
  return new Response(null, { status: 303, headers: { location: path, 'cache-control': 'private, no-store' } });
}

/** The posted field `name` as sent, or ''; the Store API checks its length (the body is bounded by readFormPost). */
function field(form: URLSearchParams, name: string): string {
  return form.get(name) ?? '';
}

export const POST: APIRoute = async (ctx) => {
  // The path below the domain's prefix (on a prefixed domain the endpoint is reached through a rewrite, whose params
  // Astro leaves empty).
  const action = (ctx.locals.path.split('/').at(-1) ?? '') as FormPostAction;
  if (!(FORM_POST_ACTIONS as readonly string[]).includes(action)) return new Response(null, { status: 404 });
  const prefix = ctx.locals.domain.pathPrefix;
  if (action === 'script-required') {
    await ctx.request.body?.cancel().catch(() => undefined);
    const back = safeRedirect(pathOfReferer(ctx), ctx.locals.domain.origin, `${prefix}/`);
    return seeOther(withError(back, SCRIPT_REQUIRED_CODE));
  }
  const form = await readFormPost(ctx.request);
  switch (action) {
    case 'login':
      return login(ctx, form, prefix);
    case 'password-forgot':
      return forgot(ctx, form, prefix);
    case 'password-set':
      return passwordSet(ctx, form, prefix);
  }
};

/** The path (with query) of the request's `Referer`, or null. */
function pathOfReferer(ctx: APIContext): string | null {
  const referer = ctx.request.headers.get('referer');
  if (!referer) return null;
  try {
    const url = new URL(referer);
    url.searchParams.delete('error');
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

async function login(ctx: APIContext, form: URLSearchParams | null, prefix: string): Promise<Response> {
  const dashboard = `${prefix}/account/dashboard`;
  const redirect = form ? safeRedirect(form.get('redirect'), ctx.locals.domain.origin, dashboard) : dashboard;
  const loginPage =
    redirect === dashboard ? `${prefix}/auth` : `${prefix}/auth?redirect=${encodeURIComponent(redirect)}`;
  if (!form) return seeOther(withError(loginPage, INVALID_FORM_CODE));
  const outcome = await callStoreApiForForm(ctx, 'account/login', {
    username: field(form, 'username'),
    password: field(form, 'password'),
  });
  if (outcome.ok) return seeOther(redirect);
  const forcedCode = providerErrorCode(
    storefrontConfig().storeApiProvider,
    PROVIDER_ERROR_NAMES.FORCED_CUSTOMER_RECOVERY,
  );
  const forced = outcome.errors.find((e) => e.code.toUpperCase() === forcedCode);
  const hash = forced?.meta?.parameters?.hash;
  if (typeof hash === 'string' && LINK_HASH.test(hash)) {
    return seeOther(`${prefix}/auth/password-set?hash=${encodeURIComponent(hash)}`);
  }
  return seeOther(withError(loginPage, formErrorCode(outcome)));
}

async function forgot(ctx: APIContext, form: URLSearchParams | null, prefix: string): Promise<Response> {
  const page = `${prefix}/auth/password-forgot`;
  if (!form) return seeOther(withError(page, INVALID_FORM_CODE));
  const outcome = await callStoreApiForForm(ctx, 'account/recovery-password', {
    username: field(form, 'username'),
    storefrontUrl: ctx.locals.domain.url,
  });
  return seeOther(outcome.ok ? `${prefix}/auth/password-recovery` : withError(page, formErrorCode(outcome)));
}

async function passwordSet(ctx: APIContext, form: URLSearchParams | null, prefix: string): Promise<Response> {
  const hash = form ? field(form, 'hash') : '';
  const page = `${prefix}/auth/password-set?hash=${LINK_HASH.test(hash) ? hash : ''}`;
  if (!form) return seeOther(withError(page, INVALID_FORM_CODE));
  const outcome = await callStoreApiForForm(ctx, 'account/recovery-password-confirm', {
    hash,
    newPassword: field(form, 'newPassword'),
    newPasswordConfirm: field(form, 'newPasswordConfirm'),
  });
  return seeOther(outcome.ok ? `${prefix}/auth?notice=password-set` : withError(page, formErrorCode(outcome)));
}
