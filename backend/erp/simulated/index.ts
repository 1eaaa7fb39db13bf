/**
 * The simulated ERP (docs/decisions/016-erp.md): the embedded Store API's default `ErpPort`, on its own tables
 * (backend/db/schema/erp.ts), moving on a clock the caller passes.
 *
 * `createSimulatedErp({ db, config })` answers every port call from the records (./read.ts, ./offers.ts,
 * ./documents.ts) and adds `advance(now)`: it first takes in every shop order it does not have yet (as an ERP that
 * polls the shop would), then processes the offers due by `now` and runs every order step due by `now` in order
 * (./schedule.ts, ./simulation.ts). The running shop calls it every minute with the database's clock (the
 * `erp-advance` job, backend/jobs/boss.ts); tests call it with the instants they want. Every part takes its rows
 * under `FOR UPDATE SKIP LOCKED` or inserts with `ON CONFLICT DO NOTHING`, so advances may run at once, in one process
 * or in several over one PostgreSQL.
 */
import type { BackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { randomId } from '../../lib/ids.ts';
import type { ErpPort } from '../port.ts';
import { erpDocument } from './documents.ts';
import { shopOrdersNotTransferred, transferShopOrders } from './intake.ts';
import { offerDetail, offerForCart, offerHistory, processOffers, requestOffer } from './offers.ts';
import { invoiceHistory, orderDetail, orderHistory } from './read.ts';
import { advanceOrders } from './simulation.ts';

/** What one `advance` did: shop orders copied in, and steps taken (order steps and offers processed). */
export interface AdvanceResult {
  transferred: number;
  steps: number;
}

/** The simulated ERP: the port plus the clock. */
export type ErpSimulation = ErpPort & {
  /**
   * Copies the shop orders the ERP does not have, then takes every step due at or before `now`. Safe to call again
   * with the same or an earlier instant (nothing is due then), and while another `advance` runs: each step and each
   * offer is taken once.
   */
  advance(now: Date): Promise<AdvanceResult>;
};

export interface SimulatedErpDeps {
  db: Db;
  config: Pick<BackendConfig, 'provider'>;
  /** The clock of `requestOffer` (the request instant); the wall clock unless a test passes one. */
  now?: () => Date;
}

/** Shop orders copied per round of the sweep. */
const SWEEP_BATCH = 500;

/** Builds the simulated ERP over a migrated database (module comment). */
export function createSimulatedErp(deps: SimulatedErpDeps): ErpSimulation {
  const { db } = deps;
  const provider = deps.config.provider;
  const clock = deps.now ?? (() => new Date());
  const advance = async (now: Date): Promise<AdvanceResult> => {
    let transferred = 0;
    for (;;) {
      const missing = await shopOrdersNotTransferred(db, SWEEP_BATCH);
      if (!missing.length) break;
      const copied = await transferShopOrders(db, missing);
      transferred += copied;
      if (copied === 0) break;
    }
    const offers = await processOffers(db, now);
    const steps = await advanceOrders(db, now);
    return { transferred, steps: steps + offers };
  };
  return {
    async transferOrder(orderId) {
      await transferShopOrders(db, [orderId]);
    },
    orderHistory: (scope, filter) => orderHistory(db, scope, filter),
    orderDetail: (scope, key) => orderDetail(db, provider, scope, key),
    invoiceHistory: (scope, filter) => invoiceHistory(db, provider, scope, filter),
    requestOffer: (input) => requestOffer(db, provider, input, clock(), randomId()),
    offerHistory: (scope, filter) => offerHistory(db, provider, scope, filter),
    offerDetail: (scope, offerNumber) => offerDetail(db, provider, scope, offerNumber),
    offerForCart: (scope, offerNumber, at) => offerForCart(db, scope, offerNumber, at),
    document: (scope, kind, number) => erpDocument(db, scope, kind, number),
    advance,
  };
}
