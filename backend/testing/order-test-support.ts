/**
 * Test helpers for the order routes: checkout settings (shipping and payment methods, a pickup location, a credit
 * limit), articles with a net price and stock, company addresses and stored cart lines, written straight into the
 * database as the seed and the cart routes write them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  cartLineItemTable,
  cartTable,
  companyAddressTable,
  companyCreditTable,
  paymentMethodTable,
  pickupLocationTable,
  productPriceTable,
  productTable,
  shippingMethodTable,
} from '../db/schema/index.ts';
import { randomId } from '../lib/ids.ts';

export interface CheckoutSettings {
  standardShippingId: string;
  pickupShippingId: string;
  invoiceId: string;
  prepaymentId: string;
  pickupLocationId: string;
  closedPickupLocationId: string;
}

/**
 * Standard delivery (9.95 EUR net, free from 500 EUR), pickup, invoice (first), prepayment (paid in advance), an open
 * shop and a closed warehouse.
 */
export async function seedCheckoutSettings(db: Db): Promise<CheckoutSettings> {
  const ids = {
    standardShippingId: randomId(),
    pickupShippingId: randomId(),
    invoiceId: randomId(),
    prepaymentId: randomId(),
    pickupLocationId: randomId(),
    closedPickupLocationId: randomId(),
  };
  await db.insert(shippingMethodTable).values([
    {
      id: ids.standardShippingId,
      technicalName: 'standard',
      translated: { 'en-GB': { name: 'Standard delivery' }, 'nl-NL': { name: 'Standaardlevering' } },
      position: 1,
      priceCents: 995,
      freeFromCents: 50000,
      deliveryTimeMin: 1,
      deliveryTimeMax: 3,
    },
    {
      id: ids.pickupShippingId,
      technicalName: 'pickup',
      translated: { 'en-GB': { name: 'Pickup' } },
      position: 2,
      priceCents: 0,
    },
  ]);
  await db.insert(paymentMethodTable).values([
    { id: ids.invoiceId, technicalName: 'invoice', translated: { 'en-GB': { name: 'Invoice' } }, position: 1 },
    {
      id: ids.prepaymentId,
      technicalName: 'prepayment',
      translated: { 'en-GB': { name: 'Prepayment' } },
      position: 2,
      paidInAdvance: true,
    },
  ]);
  await db.insert(pickupLocationTable).values([
    {
      id: ids.pickupLocationId,
      kind: 'shop',
      name: 'Shop Antwerpen',
      street: 'Havenlaan 1',
      zipcode: '2000',
      city: 'Antwerpen',
    },
    {
      id: ids.closedPickupLocationId,
      kind: 'warehouse',
      name: 'Old warehouse',
      street: 'Dok 9',
      zipcode: '9000',
      city: 'Gent',
      active: false,
    },
  ]);
  return ids;
}

let counter = 0;

/**
 * Inserts an active article with one net list price (EUR per piece, decimal string) and stock.
 *
 * @returns its id and article number.
 */
export async function insertArticle(
  db: Db,
  input: { price?: string; stock?: number; closeout?: boolean; name?: string; productNumber?: string } = {},
): Promise<{ id: string; productNumber: string }> {
  counter += 1;
  const id = randomId();
  const productNumber = input.productNumber ?? `ORD-${String(counter).padStart(4, '0')}-${id.slice(0, 6)}`;
  const name = input.name ?? `Article ${counter}`;
  await db.insert(productTable).values({
    id,
    productNumber,
    stock: input.stock ?? 100,
    availableStock: input.stock ?? 100,
    isCloseout: input.closeout ?? false,
    translated: { 'en-GB': { name }, 'nl-NL': { name }, 'de-DE': { name }, 'fr-FR': { name } },
    nameEn: name,
    nameNl: name,
    nameDe: name,
    nameFr: name,
    listingPrice: input.price ?? '12.50',
    taxRate: '21',
  });
  await db.insert(productPriceTable).values({ id: randomId(), productId: id, amount: input.price ?? '12.50' });
  return { id, productNumber };
}

/** Inserts an address of a company (Belgian unless told). */
export async function insertAddress(
  db: Db,
  companyId: string,
  input: { name?: string; isMain?: boolean; countryCode?: string; city?: string } = {},
): Promise<string> {
  const id = randomId();
  await db.insert(companyAddressTable).values({
    id,
    companyId,
    name: input.name ?? 'Head office',
    street: 'Kerkstraat',
    houseNumber: '12',
    zipcode: '2000',
    city: input.city ?? 'Antwerpen',
    countryCode: input.countryCode ?? 'BE',
    isMain: input.isMain ?? false,
  });
  return id;
}

/** Replaces the stored cart of a customer with these lines (line id = product id) and promotion codes. */
export async function fillCart(
  db: Db,
  customerId: string,
  lines: { productId: string; quantity: number; remark?: string }[],
  promotionCodes: string[] = [],
): Promise<void> {
  await db
    .insert(cartTable)
    .values({ customerId, promotionCodes })
    .onConflictDoUpdate({
      target: cartTable.customerId,
      set: { promotionCodes, revision: sql`${cartTable.revision} + 1` },
    });
  await db.delete(cartLineItemTable).where(sql`${cartLineItemTable.customerId} = ${customerId}`);
  if (lines.length) {
    await db.insert(cartLineItemTable).values(
      lines.map((l, i) => ({
        customerId,
        id: l.productId,
        referencedId: l.productId,
        quantity: l.quantity,
        remark: l.remark ?? null,
        position: i,
      })),
    );
  }
}

/** Gives a company a credit limit with an amount already used (cents). */
export async function setCredit(db: Db, companyId: string, limitCents: number, usedCents = 0): Promise<void> {
  await db
    .insert(companyCreditTable)
    .values({ companyId, limitCents, usedCents })
    .onConflictDoUpdate({ target: companyCreditTable.companyId, set: { limitCents, usedCents } });
}
