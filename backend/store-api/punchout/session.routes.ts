/**
 * The running punch-out session of a context (docs/decisions/025-punch-out.md), below `/store-api/{provider}/punchout`:
 *
 * - `GET /session`: protocol, the procurement system's name, operation, read-only, test mode, seconds left;
 * - `POST /transfer`: the page that posts the cart to the procurement system (OCI NEW_ITEM fields to HOOK_URL, cXML
 *   PunchOutOrderMessage to BrowserFormPost), then the session ends (its customer, cart and contexts are deleted:
 *   cXML Reference Guide 1.2.051 §5.4.2 "Do not persist browser cookies"). A cart with blocking errors is not
 *   transferred (400 with the errors), among them a line the procurement system cannot take or more lines than the
 *   configuration allows;
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
import { punchOutConfigById } from '../../commerce/punchout/config.ts';
import { activePunchOutSession, endPunchOutSessions } from '../../commerce/punchout/sessions.ts';
import { transferForm, transferPage, type TransferForm } from '../../commerce/punchout/transfer.ts';
import type { StoreApiEnv } from '../context.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import { textsFor } from '../../lib/translate.ts';
import { notAPunchOutSession, punchOutPageResponse } from './punchout-context.ts';

export interface SessionRouteDeps {
  db: Db;
  config: BackendConfig;
  now?: () => Date;
}

/** Texts of the transfer page (shown only for the moment before it submits, or without JavaScript). */
const TRANSFER_TEXTS: Record<LocaleCode, { title: string; visibleText: string; submitLabel: string }> = {
  'de-DE': {
    title: 'Warenkorb wird übertragen',
    visibleText: 'Der Warenkorb wird übertragen …',
    submitLabel: 'Weiter',
  },
  'en-GB': { title: 'Transferring the cart', visibleText: 'The cart is being transferred …', submitLabel: 'Continue' },
  'fr-FR': { title: 'Transfert du panier', visibleText: 'Le panier est transféré …', submitLabel: 'Continuer' },
  'nl-NL': {
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

  /**
   * The transfer form of the session's cart: the one the punch-out processor put into the calculated cart's
   * extensions (`ociForm`, `cxmlForm`), so the cart is read and its lines are written once. A cart error, including a
   * line the procurement system cannot take (the processor's `…-punchout-transfer-blocked`), refuses the transfer.
   */
  async function cartTransferForm(c: Context<StoreApiEnv>): Promise<TransferForm> {
    const customer = await requireCustomer(c, db);
    const calculated = await calculateCart(db, customer, c.get('context'), { config, now: now() });
    const blocking = calculated.model.errors.filter((e) => e.level === 20);
    const { ociForm, cxmlForm } = calculated.model.answerExtensions;
    const form: TransferForm | null = ociForm
      ? { protocol: 'oci', form: ociForm }
      : cxmlForm
        ? { protocol: 'cxml', form: cxmlForm }
        : null;
    if (blocking.length || !form) {
      throw new StoreApiError(
        400,
        providerErrorCode(config.provider, 'PUNCHOUT_CART_INVALID'),
        blocking.map((e) => e.message).join(' ') || 'The cart cannot be transferred.',
        { parameters: { errors: blocking.map((e) => e.messageKey).join(',') } },
      );
    }
    return form;
  }

  async function respond(c: Context<StoreApiEnv>, cancel: boolean): Promise<Response> {
    const { session, punchOutConfig } = await current(c);
    const at = now();
    const storefrontUrl = typeof session.data.storefrontUrl === 'string' ? session.data.storefrontUrl : null;
    // A cancel, and an inspect session (read-only), return no lines: nothing to read from the cart.
    const form =
      cancel || session.operation === 'inspect'
        ? transferForm(session, punchOutConfig, [], {
            cancel,
            hostname: storefrontUrl ? new URL(storefrontUrl).hostname : 'localhost',
            now: at,
          })
        : await cartTransferForm(c);
    const page = transferPage(form, textsFor(TRANSFER_TEXTS, c.get('context').language.localeCode));
    await endPunchOutSessions(db, [session.id], at);
    return punchOutPageResponse(page);
  }

  providerRoute(app, config.provider, 'punchOutTransfer', (c) => respond(c, false));
  providerRoute(app, config.provider, 'punchOutCancel', (c) => respond(c, true));
}
