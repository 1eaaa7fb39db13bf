/**
 * What the account route modules share: database, configuration, the clock (injectable so tests can move past a
 * recovery link's expiry), the environment (development outbox switch, trusted proxies) and the job sender that
 * delivers their mails.
 */
import type { Db } from '../../db/client.ts';
import type { BackendConfig } from '../../config.ts';
import type { JobSender } from '../../jobs/queues.ts';
import { providerErrorCode } from '../../../contract/provider.ts';

export interface AccountDeps {
  db: Db;
  config: BackendConfig;
  /**
   * Current time; defaults to `new Date()`. Rate-limit windows use it only when given (tests), else the database's
   * clock (backend/auth/rate-limit.ts).
   */
  now?: () => Date;
  /** Environment for SMTP_URL, MAIL_FROM, NODE_ENV, WERKBANK_DEV_OUTBOX, TRUSTED_PROXIES (default process.env). */
  env?: Record<string, string | undefined>;
  /**
   * Runs work after the response is sent (recovery mail), so the answer takes the same time whether or not the
   * username exists. Default: start it at once without awaiting; failures are logged without details.
   */
  defer?: (task: () => Promise<void>) => void;
  /** Enqueues the delivery of the mails the routes write (backend/jobs/queues.ts); none: nothing is enqueued. */
  jobs?: JobSender | undefined;
}

/** Default `defer`: fire and forget, logging only that a task failed. */
export function deferTask(task: () => Promise<void>): void {
  task().catch((err: unknown) => {
    console.error('[store-api] background task failed:', err instanceof Error ? err.name : 'unknown error');
  });
}

/** The deps with defaults applied. */
export function resolveDeps(deps: AccountDeps): Required<Omit<AccountDeps, 'jobs'>> & Pick<AccountDeps, 'jobs'> {
  return { now: () => new Date(), env: process.env, defer: deferTask, ...deps };
}

/** `{PROVIDER}__…` error code prefix, e.g. `WERKBANK__CUSTOMER_IS_INACTIVE`. */
export function providerCode(config: BackendConfig, code: string): string {
  return providerErrorCode(config.provider, code);
}
