/**
 * Development aids, for a developer and the end-to-end tests working against one shop process (PGlite allows one
 * process, so the activation command cannot run beside it):
 * - `POST /store-api/{provider}/dev/activate` `{ key }` (client number or username) → the activation result, as
 *   `npm run account:activate -- <key>` would do it; 404 `WERKBANK__NOTHING_TO_ACTIVATE` for an unknown key.
 *
 * Development outbox: `GET /store-api/{provider}/dev/outbox` → `{ elements: [{ recipient, subject, text, html,
 * template, createdAt }] }`, the latest 50 mails kept instead of sent, so a developer and the end-to-end tests can
 * finish recovery and registration without a mail server.
 *
 * Registered only when `WERKBANK_DEV_OUTBOX=1` is set explicitly; otherwise the path is unknown (404). The mails hold
 * password links, and the storefront's same-origin proxy forwards any Store API path, so the outbox must never be on
 * by accident: a missing NODE_ENV on a production server must not expose it.
 */
import type { Hono } from 'hono';
import { type DevActivateResponse, type DevOutboxResponse } from '../../../contract/provider/development.ts';
import { listOutbox } from '../../mail/outbox.ts';
import { activateRegistration } from '../../auth/activation.ts';
import { StoreApiError } from '../../http/errors.ts';
import type { StoreApiEnv } from '../context.ts';
import { resolveDeps, type AccountDeps } from './deps.ts';
import { providerErrorCode } from '../../../contract/provider.ts';
import { providerRoute } from '../../http/provider-route.ts';
import { devOutboxEnabled } from '../../config.ts';

/** Registers the route when enabled (see module comment). */
export function registerDevOutboxRoutes(app: Hono<StoreApiEnv>, accountDeps: AccountDeps): void {
  const { db, config, env } = resolveDeps(accountDeps);
  if (!devOutboxEnabled(env)) return;
  providerRoute(app, config.provider, 'readDevOutbox', async (c) => {
    const elements = await listOutbox(db, 50);
    c.header('cache-control', 'no-store');
    return { total: elements.length, elements, apiAlias: 'array_struct' } satisfies DevOutboxResponse;
  });
  providerRoute(app, config.provider, 'devActivateRegistration', async (c) => {
    const result = await activateRegistration(db, c.req.valid('json').key);
    if (!result) {
      throw new StoreApiError(
        404,
        providerErrorCode(config.provider, 'NOTHING_TO_ACTIVATE'),
        'No registration matches.',
      );
    }
    c.header('cache-control', 'no-store');
    return { ...result, apiAlias: 'array_struct' } satisfies DevActivateResponse;
  });
}
