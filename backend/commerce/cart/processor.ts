/**
 * What a cart processor is and the state it works on (Shopware: CartProcessorInterface, each processor working on
 * the cart in turn after the data collector has read; ./collector.ts). A processor reads `inputs` (what the one read
 * gave), the request's options and what earlier processors wrote to `model`, and writes its own part of `model` and
 * its cart errors; the order of the processors is ./registry.ts.
 */
import type { AuthenticatedCustomer } from '../../auth/guards.ts';
import type { StoreLineItemPayload } from './cart-schemas.ts';
import type { StoreContext } from '../sales-channel-context.ts';
import type { ProductRow } from '../catalog/product.repository.ts';
import type { CalculateCartOptions, CartDb, CartErrorEntry, CartModel } from './cart-model.ts';
import type { CartInputs } from './collector.ts';

/**
 * What a processor ahead of the product lines decided about one stored line (the offer processor): the unit price
 * that replaces the tier price (scaled, backend/lib/price.ts), members added to the line's payload, and errors
 * reported with the line once it stands (each given the product's name).
 */
export interface LineAdjustment {
  unitPrice?: bigint;
  payload?: Partial<StoreLineItemPayload>;
  errors?: ((name: string) => CartErrorEntry)[];
}

/** One calculation of a customer's cart: its inputs, the model being built and the cart errors reported so far. */
export interface CartCalculation {
  /** The database or the order's transaction (for processors that read tables of their own, as budgets do). */
  readonly db: CartDb;
  readonly customer: AuthenticatedCustomer;
  readonly context: StoreContext;
  readonly options: CalculateCartOptions;
  /** What the collector read. */
  readonly inputs: CartInputs;
  /** Clock of price validity, promotion windows and budget periods. */
  readonly now: Date;
  /** The day of `now` in the shop's time zone (Europe/Brussels), YYYY-MM-DD. */
  readonly today: string;
  /** Locale of the context language (labels). */
  readonly locale: string;
  /** The sales channel's provider prefix of cart error keys (`{provider}-cart-underMinimumValue`, …). */
  readonly provider: string;
  /** The model every processor writes its part of. */
  readonly model: CartModel;
  /** Per stored line id, what a processor ahead of the product lines decided (offers). */
  readonly lineAdjustments: Map<string, LineAdjustment>;
  /** Per product line id, the product and parent it was priced from (the mapper's cover, stock, purchase limits). */
  readonly lineSources: Map<string, { product: ProductRow; parent: ProductRow | undefined }>;
  /** Adds a cart error; a second error with the same key is left out. */
  addError(error: CartErrorEntry): void;
}

/**
 * One step of the cart calculation (Shopware: CartProcessorInterface). `name` identifies it in the registry (a
 * processor registered twice runs once); `process` may be asynchronous when it reads tables of its own.
 */
export interface CartProcessor {
  readonly name: string;
  process(calculation: CartCalculation): void | Promise<void>;
}
