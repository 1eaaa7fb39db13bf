/**
 * The hand-over of a placed order to the ERP (docs/decisions/016-erp.md): after the order's transaction committed,
 * the checkout and an approved approval pass the order id to the ERP port's `transferOrder`.
 */
import type { ErpPort } from '../../erp/port.ts';
import { describeErrorForLog } from '../../db/errors.ts';

/**
 * Hands a committed order to the ERP; a refusal or error is logged and swallowed (the order is placed either way and
 * the simulated ERP's sweep catches up).
 */
export async function handOverToErp(erp: Pick<ErpPort, 'transferOrder'> | undefined, orderId: string): Promise<void> {
  if (!erp) return;
  try {
    await erp.transferOrder(orderId);
  } catch (err) {
    console.error(`[erp] order ${orderId} not handed over: ${describeErrorForLog(err)}`);
  }
}
