/**
 * Punch-out in the checkout (docs/decisions/025-punch-out.md), installed by backend/commerce/extensions.ts ahead of
 * spending:
 *
 * - the processor `punch-out` shows a punch-out session's transfer in the cart's extensions as Shopware's punch-out
 *   carts carry it: `ociForm` and `ociSystemMetadata` (OCI) or `cxmlForm` (cXML), built from the calculated lines
 *   (./transfer.ts). A line the procurement system cannot take (a unit without mapping) is a cart error instead;
 * - the gate `punch-out` refuses every order of a punch-out session: the procurement system is the approver of
 *   record and turns the transferred cart into its own purchase order, so the shop never places one
 *   (`{provider}__PUNCHOUT_ORDER_NOT_ALLOWED`, 403), except the one order of a cXML OrderRequest (./order-request.ts),
 *   which the procurement system sends after it approved the cart. Budgets, order flows and order references (spending) apply only
 *   to direct orders: the budget processor skips punch-out sessions.
 */
import { providerErrorCode } from '../../../contract/provider.ts';
import { StoreApiError } from '../../http/errors.ts';
import type { CommerceExtension } from '../commerce-extension.ts';
import type { CartProcessor } from '../cart/processor.ts';
import type { OrderGate } from '../orders/order-gates.ts';
import { punchOutConfigById } from './config.ts';
import { punchOutLinesOf } from './cart-lines.ts';
import { PunchOutInputError } from './errors.ts';
import { activePunchOutSession } from './sessions.ts';
import { ociSystemMetadata, transferForm } from './transfer.ts';

/** The processor of the module comment. */
export const punchOutProcessor: CartProcessor = {
  name: 'punch-out',
  async process(calculation) {
    const { context, db, model, now, customer } = calculation;
    // The context of a cXML OrderRequest places its order; it transfers nothing.
    if (!context.punchOut || context.punchOut.orderRequest) return;
    const session = await activePunchOutSession(db, context.punchOut.sessionId, now);
    const config = session ? await punchOutConfigById(db, session.configId) : null;
    if (!session || !config) return;
    const storefrontUrl = typeof session.data.storefrontUrl === 'string' ? session.data.storefrontUrl : null;
    const lines = await punchOutLinesOf(db, model.lines, customer, { locale: calculation.locale, storefrontUrl });
    try {
      const transfer = transferForm(session, config, lines, {
        hostname: storefrontUrl ? new URL(storefrontUrl).hostname : 'localhost',
        now,
      });
      if (transfer.protocol === 'oci' && config.protocol === 'oci') {
        model.answerExtensions.ociForm = transfer.form;
        model.answerExtensions.ociSystemMetadata = ociSystemMetadata(session, config);
      } else if (transfer.protocol === 'cxml') {
        model.answerExtensions.cxmlForm = transfer.form;
      }
    } catch (error) {
      if (!(error instanceof PunchOutInputError)) throw error;
      calculation.addError({
        key: `${calculation.provider}-punchout-transfer-blocked`,
        messageKey: `${calculation.provider}-punchout-transfer-blocked`,
        level: 20,
        message: error.message,
      });
    }
  },
};

/** The gate of the module comment. */
export const punchOutGate: OrderGate = {
  name: 'punch-out',
  beforeOrder(_tx, submit) {
    if (!submit.context.punchOut || submit.context.punchOut.orderRequest) return Promise.resolve(null);
    return Promise.reject(
      new StoreApiError(
        403,
        providerErrorCode(submit.config.provider, 'PUNCHOUT_ORDER_NOT_ALLOWED'),
        'A punch-out session transfers its cart to the procurement system; it does not place orders in the shop.',
      ),
    );
  },
};

/** Punch-out's processor and gate. */
export const punchOutExtension: CommerceExtension = {
  name: 'punch-out',
  cartProcessors: [punchOutProcessor],
  orderGates: [punchOutGate],
};
