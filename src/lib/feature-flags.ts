/**
 * Feature flags, read on the server from the environment variable
 * FEATURE_FLAGS: a comma-separated list of flag names; a name enables the flag, a name prefixed with '-' or '!'
 * disables it; flags not named keep their defaults.
 */

/**
 * Every flag with its default. The invoice, offer and order histories are on: the shop has an ERP behind its Store
 * API (docs/decisions/016-erp.md).
 */
export const FEATURE_FLAG_DEFAULTS = {
  'invoice-history': true,
  'offer-history': true,
  'order-history': true,
  'cost-center-module': false,
  'city-search': false,
  'preferred-site': false,
  mobile: false,
  fax: false,
  'delivery-option': false,
  'order-reference-suffix': false,
  'file-number': false,
  'native-order-history': true,
  'extended-address-book': true,
  'shipping-payment-method-selection': true,
  'variants-switch': true,
  'hide-homepage-video': true,
  'delivery-restock-time': true,
  'is-new': true,
  'existing-company-number': true,
  'invoice-email': true,
  'branch-industry': true,
  'customer-function': true,
  'card-warehouses': true,
  'display-order-history': true,
} as const satisfies Record<string, boolean>;

export type FeatureFlag = keyof typeof FEATURE_FLAG_DEFAULTS;
export type FeatureFlags = Record<FeatureFlag, boolean>;

/** Parses a FEATURE_FLAGS value over the defaults; unknown names are ignored. */
export function parseFeatureFlags(value: string | undefined | null): FeatureFlags {
  const flags: FeatureFlags = { ...FEATURE_FLAG_DEFAULTS };
  for (const raw of (value ?? '').split(',')) {
    const item = raw.trim().toLowerCase();
    if (!item) continue;
    const off = item.startsWith('-') || item.startsWith('!');
    const name = off ? item.slice(1) : item;
    if (name in flags) flags[name as FeatureFlag] = !off;
  }
  return flags;
}

/** The flags of this server process (env FEATURE_FLAGS, read on every call so tests can change it). */
export function featureFlags(): FeatureFlags {
  return parseFeatureFlags(typeof process === 'undefined' ? undefined : process.env.FEATURE_FLAGS);
}

/** Whether one flag is on for this server process. */
export function isFeatureEnabled(flag: FeatureFlag): boolean {
  return featureFlags()[flag];
}
