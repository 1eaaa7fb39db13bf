/**
 * What the account route modules share: database, configuration, the clock (injectable so tests can move past a
 * recovery link's expiry) and the environment (SMTP, development outbox switch).
 */
import type { Db } from '../../db/client.ts';
import type { BackendConfig } from '../../config.ts';

export interface AccountDeps {
  db: Db;
  config: BackendConfig;
  /** Current time; defaults to `new Date()`. */
  now?: () => Date;
  /** Environment for SMTP_URL, MAIL_FROM, NODE_ENV, WERKBANK_DEV_OUTBOX, TRUST_FORWARDED_FOR (default process.env). */
  env?: Record<string, string | undefined>;
}

/** The deps with defaults applied. */
export function resolveDeps(deps: AccountDeps): Required<AccountDeps> {
  return { now: () => new Date(), env: process.env, ...deps };
}

/** `{PROVIDER}__…` error code prefix, e.g. `WERKBANK__CUSTOMER_IS_INACTIVE`. */
export function providerCode(config: BackendConfig, code: string): string {
  return `${config.provider.toUpperCase()}__${code}`;
}
