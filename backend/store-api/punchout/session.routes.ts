/**
 * The running punch-out session of a context (docs/decisions/025-punch-out.md), below `/store-api/{provider}/punchout`:
 *
 * - `GET /session`: protocol, the procurement system's name, operation, read-only, test mode, seconds left;
 * - `POST /transfer`: the page that posts the cart to the procurement system (OCI NEW_ITEM fields to HOOK_URL, cXML
 *   PunchOutOrderMessage to BrowserFormPost), then the session ends (its customer, cart and contexts are deleted:
 *   cXML Reference Guide 1.2.051 §5.4.2 "Do not persist browser cookies"). A cart with blocking errors is not
 *   transferred (400 with the errors), nor one with more lines than the configuration allows;
 * - `POST /cancel`: the page that returns an empty cart (OCI: to HOOK_URL or the configured cancel URL; cXML: an
 *   empty PunchOutOrderMessage with Status 204, §5.6.4.3), then the session ends.
 */
import type { Context, Hono } from 'hono';
import { providerErrorCode } from '../../../contract/provider.ts';
import type { PunchOutSession } from '../../../contract/provider/punchout.ts';
import { requireCustomer } from '../../auth/guards.ts';
import type { BackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { StoreApiError } from '../../http/errors.ts';
import { providerRoute } from '../../http/provider-route.ts';
import { calculateCart } from '../../commerce/cart/calculate-cart.ts';
import { punchOutLinesOf } from '../../commerce/punchout/cart-lines.ts';
import { punchOutConfigById } from '../../commerce/punchout/config.ts';
import { PunchOutInputError } from '../../commerce/punchout/errors.ts';
import { activePunchOutSession, endPunchOutSessions } from '../../commerce/punchout/sessions.ts';
import { transferForm, transferPage } from '../../commerce/punchout/transfer.ts';
import type { StoreApiEnv } from '../context.ts';
import { notAPunchOutSession, punchOutPageResponse } from './punchout-context.ts';

export interface SessionRouteDeps {
  db: Db;
  config: BackendConfig;
  now?: () => Date;
}

/** Texts of the transfer page (shown only for the moment before it submits, or without JavaScript). */
const TRANSFER_TEXTS: Record<string, { title: string; visibleText: string; submitLabel: string }> = {
  de: { title: 'Warenkorb wird übertragen', visibleText: 'Der Warenkorb wird übertragen …', submitLabel: 'Weiter' },
  en: { title: 'Transferring the cart', visibleText: 'The cart is being transferred …', submitLabel: 'Continue' },
  fr: { title: 'Transfert du panier', visibleText: 'Le panier est transféré …', submitLabel: 'Continuer' },
  nl: {
    title: 'Winkelwagen wordt overgedragen',
    visibleText: 'De winkelwagen wordt overgedragen …',
    submitLabel: 'Verder',
  },
};

/** Registers the routes of the module comment. */
export function registerPunchOutSessionRoutes(app: Hono<StoreApiEnv>, routeDeps: SessionRouteDeps): void {
  const { db, config, now } = { now: () => new Date(), ...routeDeps };

  /** The session and configuration of the caller's context; 404 when it is not (or no longer) a punch-out. */
  async function current(c: Context<StoreApiEnv>) {
    await requireCustomer(c, db);
    const punchOut = c.get('context').punchOut;
    const session = punchOut ? await activePunchOutSession(db, punchOut.sessionId, now()) : null;
    const punchOutConfig = session ? await punchOutConfigById(db, session.configId) : null;
    if (!session || !punchOutConfig) throw notAPunchOutSession(config);
    return { session, punchOutConfig };
  }

  providerRoute(app, config.provider, 'readPunchOutSession', async (c) => {
    const { session, punchOutConfig } = await current(c);
    c.header('cache-control', 'private, no-store');
    return {
      protocol: session.protocol,
      systemName: punchOutConfig.systemName,
      operation: session.operation,
      readOnly: session.operation === 'inspect',
      testMode: session.testMode,
      expiresIn: Math.max(0, Math.round((session.expiresAt.getTime() - now().getTime()) / 1000)),
      apiAlias: 'punchout_session',
    } satisfies PunchOutSession;
  });

  async function respond(c: Context<StoreApiEnv>, cancel: boolean): Promise<Response> {
    const customer = await requireCustomer(c, db);
    const { session, punchOutConfig } = await current(c);
    const context = c.get('context');
    const at = now();
    const storefrontUrl = typeof session.data.storefrontUrl === 'string' ? session.data.storefrontUrl : null;
    let lines: Awaited<ReturnType<typeof punchOutLinesOf>> = [];
    if (!cancel && session.operation !== 'inspect') {
      const calculated = await calculateCart(db, customer, context, { config, now: at });
      const blocking = calculated.model.errors.filter((e) => e.level === 20 && !e.key.includes('punchout-transfer'));
      if (blocking.length) {
        throw new StoreApiError(
          400,
          providerErrorCode(config.provider, 'PUNCHOUT_CART_INVALID'),
          'The cart has errors that must be resolved before it is transferred.',
          { parameters: { errors: blocking.map((e) => e.messageKey).join(',') } },
        );
      }
      lines = await punchOutLinesOf(db, calculated.model.lines, customer, {
        locale: context.language.localeCode,
        storefrontUrl,
      });
      if (punchOutConfig.protocol === 'oci' && lines.length > punchOutConfig.settings.maxLines) {
        throw new StoreApiError(
          400,
          providerErrorCode(config.provider, 'PUNCHOUT_TOO_MANY_LINES'),
          `The procurement system takes at most ${punchOutConfig.settings.maxLines} lines per transfer.`,
          { parameters: { maxLines: String(punchOutConfig.settings.maxLines) } },
        );
      }
    }
    let page: ReturnType<typeof transferPage>;
    try {
      const form = transferForm(session, punchOutConfig, lines, {
        cancel,
        hostname: storefrontUrl ? new URL(storefrontUrl).hostname : 'localhost',
        now: at,
      });
      const language = context.language.localeCode.slice(0, 2);
      page = transferPage(form, TRANSFER_TEXTS[language] ?? TRANSFER_TEXTS.en!);
    } catch (error) {
      if (!(error instanceof PunchOutInputError)) throw error;
      throw new StoreApiError(400, providerErrorCode(config.provider, 'PUNCHOUT_CART_INVALID'), error.message);
    }
    await endPunchOutSessions(db, [session.id], at);
    return punchOutPageResponse(page);
  }

  providerRoute(app, config.provider, 'punchOutTransfer', (c) => respond(c, false));
  providerRoute(app, config.provider, 'punchOutCancel', (c) => respond(c, true));
}
