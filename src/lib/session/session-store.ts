/**
 * The buyer's session as the islands see it (spec §3 "Customer", §4 "Login", §6 "Rights"): `$customer` shared by
 * the header, the login dialog, price islands and the account area. The context token itself stays in the HttpOnly
 * cookie behind the `/store-api/*` proxy; this store only holds what `account/customer` answers.
 */
import { atom, computed } from 'nanostores';
import * as v from 'valibot';
import { StoreApiClientError } from '../store-api/errors.ts';
import { providerPath, storeApi } from '../store-api/browser.ts';

/** The logged-in customer, reduced to what the storefront needs. `rights` holds the enabled right codes. */
export interface SessionCustomer {
  id: string;
  firstName: string;
  lastName: string;
  active: boolean;
  leadBuyer: boolean;
  username: string;
  /** Enabled right codes, e.g. 'ROLE_MANAGE_ORDER_LISTS' (spec §6). */
  rights: string[];
}

/** `null` while anonymous or before the first `refreshSession()`. */
export const $customer = atom<SessionCustomer | null>(null);

/** True once `refreshSession()` has answered at least once on this page (either way). */
export const $sessionChecked = atom(false);

/** Spec §4: "A customer counts as logged in when the customer has an id and is active." */
export function isLoggedIn(customer: SessionCustomer | null | undefined): customer is SessionCustomer {
  return Boolean(customer && customer.id && customer.active);
}

/** Derived login state of `$customer`. */
export const $loggedIn = computed($customer, (c) => isLoggedIn(c));

/** Spec §6: "A check reads the customer's rights list for an enabled entry." False while not logged in. */
export function hasRight(code: string, customer: SessionCustomer | null = $customer.get()): boolean {
  return isLoggedIn(customer) && customer.rights.includes(code);
}

const RightSchema = v.union([
  v.string(),
  v.object({ code: v.string(), enabled: v.optional(v.nullable(v.boolean()), true) }),
]);
const RightsListSchema = v.array(RightSchema);
const RightsResponseSchema = v.union([
  v.object({ roles: RightsListSchema }),
  v.object({ rights: RightsListSchema }),
  RightsListSchema,
]);
const CustomerSchema = v.object({
  id: v.string(),
  firstName: v.nullish(v.string(), ''),
  lastName: v.nullish(v.string(), ''),
  active: v.nullish(v.boolean(), false),
  email: v.nullish(v.string()),
  extensions: v.nullish(
    v.object({
      customerExtension: v.nullish(v.object({ username: v.nullish(v.string()), leadBuyer: v.nullish(v.boolean()) })),
      rights: v.nullish(RightsListSchema),
    }),
  ),
  rights: v.nullish(RightsResponseSchema),
  roles: v.nullish(RightsListSchema),
});

/** Enabled codes of a rights answer in any of its shapes (`{roles}`, `{rights}`, a list of codes or entries). */
export function enabledRights(input: unknown): string[] {
  const parsed = v.safeParse(RightsResponseSchema, input);
  if (!parsed.success) return [];
  const list = Array.isArray(parsed.output)
    ? parsed.output
    : 'roles' in parsed.output
      ? parsed.output.roles
      : parsed.output.rights;
  return list.flatMap((r) => (typeof r === 'string' ? [r] : r.enabled === false ? [] : [r.code]));
}

/**
 * Maps the `account/customer` body to a SessionCustomer; `rights` given separately win over rights embedded in the
 * customer. Returns null for a body that is not a customer.
 */
export function toSessionCustomer(body: unknown, rights?: string[]): SessionCustomer | null {
  const parsed = v.safeParse(CustomerSchema, body);
  if (!parsed.success) return null;
  const c = parsed.output;
  const ext = c.extensions?.customerExtension;
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    active: c.active,
    leadBuyer: ext?.leadBuyer ?? false,
    username: ext?.username ?? c.email ?? '',
    rights: rights ?? enabledRights(c.rights ?? c.roles ?? c.extensions?.rights ?? []),
  };
}

/**
 * Loads customer and rights: GET `account/customer`, then GET `{provider}/account/{id}/rights` unless the customer
 * already carries its rights (`rights`, `roles` or `extensions.rights`). Returns null for an anonymous context (403 CHECKOUT__CUSTOMER_NOT_LOGGED_IN).
 *
 * @throws StoreApiClientError for other error answers; network errors propagate.
 */
export async function loadSessionCustomer(): Promise<SessionCustomer | null> {
  let body: unknown;
  try {
    body = await storeApi('account/customer');
  } catch (error) {
    if (error instanceof StoreApiClientError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
  const embedded =
    body !== null &&
    typeof body === 'object' &&
    ('rights' in body ||
      'roles' in body ||
      Array.isArray((body as { extensions?: { rights?: unknown } }).extensions?.rights));
  const customer = toSessionCustomer(body);
  if (!customer || embedded) return customer;
  let rights: string[] = [];
  try {
    rights = enabledRights(await storeApi(providerPath('account', customer.id, 'rights')));
  } catch {
    // Without a rights answer the customer is logged in but holds no rights: every right-gated entry stays hidden.
  }
  return { ...customer, rights };
}

let pending: Promise<SessionCustomer | null> | null = null;

/**
 * Refreshes `$customer` from the server (spec §4 "refresh the session"). Concurrent callers share one request.
 * Failures are swallowed (spec §8 "A refresh-user failure is silently ignored"): the store becomes null and the
 * promise resolves with null.
 */
export function refreshSession(): Promise<SessionCustomer | null> {
  pending ??= loadSessionCustomer()
    .catch(() => null)
    .then((customer) => {
      $customer.set(customer);
      $sessionChecked.set(true);
      return customer;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/**
 * Spec §4 "Logout": POST `account/logout` (the server ends the session, the proxy rotates the cookie), then clears
 * `$customer`. A failing logout call still clears the local state.
 */
export async function logout(): Promise<void> {
  try {
    await storeApi('account/logout', { method: 'POST', body: {} });
  } finally {
    $customer.set(null);
  }
}
