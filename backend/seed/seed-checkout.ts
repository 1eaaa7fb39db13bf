/**
 * Checkout settings of the shop (docs/decisions/014-cart-and-orders.md), seeded idempotently with stable ids: the
 * shipping methods (standard €9.95 net, free from €250; express €24.95, never free; pickup at a shop or warehouse,
 * free), the payment methods (invoice; prepayment and credit card, paid in advance), the pickup locations (the four
 * shops and the central warehouse), the promotions FREESHIP (free shipping) and WERKBANK10 (10 % off), the minimum
 * order value (€50 net, else a surcharge of €7.50) of every sales channel, and the credit of the demo companies
 * (Huber Metallbau: €500 limit with €450 used, so the credit-limit rule is reachable with an ordinary cart).
 *
 * Existing rows are left as they are (`ON CONFLICT DO NOTHING`), so settings an operator changed stay changed.
 */
import type { Db } from '../db/client.ts';
import {
  companyCreditTable,
  companyTable,
  minimumOrderValueTable,
  paymentMethodTable,
  pickupLocationTable,
  promotionTable,
  salesChannelTable,
  shippingMethodTable,
} from '../db/schema/index.ts';
import { inArray } from 'drizzle-orm';
import { stableId } from '../lib/ids.ts';
import { demoCompanyId } from './seed-customers.ts';

/** Stable ids of the seeded settings, by technical name, code or key. */
export const shippingMethodId = (technicalName: string): string => stableId('shipping-method', technicalName);
export const paymentMethodId = (technicalName: string): string => stableId('payment-method', technicalName);
export const pickupLocationId = (key: string): string => stableId('pickup-location', key);
export const promotionId = (code: string): string => stableId('promotion', code);

type Names = Record<'de-DE' | 'en-GB' | 'fr-FR' | 'nl-NL', { name: string; description?: string }>;

export const SHIPPING_METHODS: {
  technicalName: string;
  position: number;
  priceCents: number;
  freeFromCents: number | null;
  deliveryTimeMin: number;
  deliveryTimeMax: number;
  translated: Names;
}[] = [
  {
    technicalName: 'standard',
    position: 1,
    priceCents: 995,
    freeFromCents: 25_000,
    deliveryTimeMin: 1,
    deliveryTimeMax: 3,
    translated: {
      'de-DE': { name: 'Standardversand', description: 'Kostenlos ab 250 € Warenwert (netto).' },
      'en-GB': { name: 'Standard delivery', description: 'Free from €250 goods value (net).' },
      'fr-FR': { name: 'Livraison standard', description: 'Gratuite dès 250 € de marchandises (HT).' },
      'nl-NL': { name: 'Standaardlevering', description: 'Gratis vanaf € 250 goederenwaarde (excl. btw).' },
    },
  },
  {
    technicalName: 'express',
    position: 2,
    priceCents: 2495,
    freeFromCents: null,
    deliveryTimeMin: 1,
    deliveryTimeMax: 1,
    translated: {
      'de-DE': { name: 'Expressversand', description: 'Lieferung am nächsten Werktag.' },
      'en-GB': { name: 'Express delivery', description: 'Delivered the next working day.' },
      'fr-FR': { name: 'Livraison express', description: 'Livrée le jour ouvrable suivant.' },
      'nl-NL': { name: 'Expreslevering', description: 'Geleverd op de volgende werkdag.' },
    },
  },
  {
    technicalName: 'pickup',
    position: 3,
    priceCents: 0,
    freeFromCents: null,
    deliveryTimeMin: 1,
    deliveryTimeMax: 2,
    translated: {
      'de-DE': { name: 'Abholung', description: 'In einem unserer Shops oder im Zentrallager abholen.' },
      'en-GB': { name: 'Pickup', description: 'Collect at one of our shops or the central warehouse.' },
      'fr-FR': { name: 'Retrait', description: "À retirer dans l'un de nos magasins ou à l'entrepôt central." },
      'nl-NL': { name: 'Afhalen', description: 'Afhalen in een van onze winkels of in het centrale magazijn.' },
    },
  },
];

export const PAYMENT_METHODS: { technicalName: string; position: number; paidInAdvance: boolean; translated: Names }[] =
  [
    {
      technicalName: 'invoice',
      position: 1,
      paidInAdvance: false,
      translated: {
        'de-DE': { name: 'Rechnung', description: 'Zahlbar innerhalb von 30 Tagen.' },
        'en-GB': { name: 'Invoice', description: 'Payable within 30 days.' },
        'fr-FR': { name: 'Facture', description: 'Payable sous 30 jours.' },
        'nl-NL': { name: 'Factuur', description: 'Te betalen binnen 30 dagen.' },
      },
    },
    {
      technicalName: 'prepayment',
      position: 2,
      paidInAdvance: true,
      translated: {
        'de-DE': { name: 'Vorkasse', description: 'Versand nach Zahlungseingang.' },
        'en-GB': { name: 'Payment in advance', description: 'Shipped once the payment has arrived.' },
        'fr-FR': { name: 'Paiement anticipé', description: 'Expédié dès réception du paiement.' },
        'nl-NL': { name: 'Vooruitbetaling', description: 'Verzonden na ontvangst van de betaling.' },
      },
    },
    {
      technicalName: 'credit_card',
      position: 3,
      paidInAdvance: true,
      translated: {
        'de-DE': { name: 'Kreditkarte' },
        'en-GB': { name: 'Credit card' },
        'fr-FR': { name: 'Carte de crédit' },
        'nl-NL': { name: 'Kredietkaart' },
      },
    },
  ];

const SHOP_HOURS = 'Mo–Fr 08:00–17:00';

/** The four shops of the storefront's footer and the central warehouse. */
export const PICKUP_LOCATIONS: {
  key: string;
  kind: 'shop' | 'warehouse';
  name: string;
  street: string;
  zipcode: string;
  city: string;
  countryCode: string;
  phone: string;
  email: string;
}[] = [
  {
    key: 'shop-graz',
    kind: 'shop',
    name: 'Werkbank Shop Graz',
    street: 'Industriestraße 12',
    zipcode: '8020',
    city: 'Graz',
    countryCode: 'AT',
    phone: '+43 316 000 250',
    email: 'shop.graz@werkbank.example',
  },
  {
    key: 'shop-villach',
    kind: 'shop',
    name: 'Werkbank Shop Villach',
    street: 'Werkstraße 5',
    zipcode: '9500',
    city: 'Villach',
    countryCode: 'AT',
    phone: '+43 4242 000 250',
    email: 'shop.villach@werkbank.example',
  },
  {
    key: 'shop-pasching',
    kind: 'shop',
    name: 'Werkbank Shop Pasching',
    street: 'Gewerbepark 3',
    zipcode: '4061',
    city: 'Pasching',
    countryCode: 'AT',
    phone: '+43 7229 000 350',
    email: 'shop.pasching@werkbank.example',
  },
  {
    key: 'shop-salzburg',
    kind: 'shop',
    name: 'Werkbank Shop Salzburg',
    street: 'Handelsweg 8',
    zipcode: '5020',
    city: 'Salzburg',
    countryCode: 'AT',
    phone: '+43 662 000 350',
    email: 'shop.salzburg@werkbank.example',
  },
  {
    key: 'warehouse-brunn',
    kind: 'warehouse',
    name: 'Werkbank Zentrallager',
    street: 'Logistikstraße 1',
    zipcode: '2345',
    city: 'Brunn am Gebirge',
    countryCode: 'AT',
    phone: '+43 2236 000 100',
    email: 'lager@werkbank.example',
  },
];

export const PROMOTIONS: {
  code: string;
  discountType: 'free_shipping' | 'percentage';
  value: string;
  translated: Record<string, { name: string }>;
}[] = [
  {
    code: 'FREESHIP',
    discountType: 'free_shipping',
    value: '0',
    translated: {
      'de-DE': { name: 'Versandkostenfrei' },
      'en-GB': { name: 'Free shipping' },
      'fr-FR': { name: 'Livraison gratuite' },
      'nl-NL': { name: 'Gratis verzending' },
    },
  },
  {
    code: 'WERKBANK10',
    discountType: 'percentage',
    value: '10.00',
    translated: {
      'de-DE': { name: '10 % Rabatt' },
      'en-GB': { name: '10 % off' },
      'fr-FR': { name: '10 % de remise' },
      'nl-NL': { name: '10 % korting' },
    },
  },
];

/** Minimum order value of every sales channel: €50 net goods value, else €7.50 surcharge. */
export const MINIMUM_ORDER_VALUE = { minimumValueCents: 5_000, additionalCostCents: 750 };

/** Credit of the demo companies (cents): Huber's is nearly used up. */
export const DEMO_CREDITS: { company: string; limitCents: number; usedCents: number }[] = [
  { company: 'peeters', limitCents: 2_500_000, usedCents: 120_000 },
  { company: 'huber', limitCents: 50_000, usedCents: 45_000 },
];

/** Adds the checkout settings that are missing (see the module comment). */
export async function seedCheckout(db: Db): Promise<void> {
  await db
    .insert(shippingMethodTable)
    .values(SHIPPING_METHODS.map((m) => ({ id: shippingMethodId(m.technicalName), ...m })))
    .onConflictDoNothing();
  await db
    .insert(paymentMethodTable)
    .values(PAYMENT_METHODS.map((m) => ({ id: paymentMethodId(m.technicalName), ...m })))
    .onConflictDoNothing();
  await db
    .insert(pickupLocationTable)
    .values(
      PICKUP_LOCATIONS.map(({ key, ...l }, i) => ({
        id: pickupLocationId(key),
        ...l,
        openingHours: SHOP_HOURS,
        position: i + 1,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(promotionTable)
    .values(PROMOTIONS.map((p) => ({ id: promotionId(p.code), ...p })))
    .onConflictDoNothing();
  const channels = await db.select({ id: salesChannelTable.id }).from(salesChannelTable);
  if (channels.length) {
    await db
      .insert(minimumOrderValueTable)
      .values(channels.map((ch) => ({ salesChannelId: ch.id, ...MINIMUM_ORDER_VALUE })))
      .onConflictDoNothing();
  }
  const companyIds = DEMO_CREDITS.map((c) => demoCompanyId(c.company));
  const present = new Set(
    (await db.select({ id: companyTable.id }).from(companyTable).where(inArray(companyTable.id, companyIds))).map(
      (r) => r.id,
    ),
  );
  const credits = DEMO_CREDITS.filter((c) => present.has(demoCompanyId(c.company)));
  if (credits.length) {
    await db
      .insert(companyCreditTable)
      .values(
        credits.map((c) => ({ companyId: demoCompanyId(c.company), limitCents: c.limitCents, usedCents: c.usedCents })),
      )
      .onConflictDoNothing();
  }
}
