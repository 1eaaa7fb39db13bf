import { describe, expect, test } from 'vitest';
import { orderConfirmationMail } from '../../mail/templates.ts';

const order = {
  to: 'buyer@example.com',
  name: 'Anna <Admin>',
  orderNumber: '100042',
  orderReference: 'PO-<7>',
  lines: [
    {
      productNumber: 'P-1',
      label: 'Drill & bits',
      quantity: 3,
      unitPrice: '12.34567',
      totalCents: 3704,
      backorderQuantity: 1,
    },
  ],
  totals: {
    goodsCents: 3704,
    discountCents: 0,
    shippingCents: 995,
    surchargeCents: 0,
    netCents: 4699,
    taxes: [{ taxRate: '21.00', taxCents: 987 }],
    totalCents: 5686,
  },
  destination: { kind: 'pickup' as const, location: ['Shop Antwerpen', 'Havenlaan 1', 'BE-2000 Antwerpen'] },
};

describe('the order confirmation mail', () => {
  test.each([
    ['de-DE', 'Ihre Bestellung 100042', /Gesamtbetrag: 56,86\s€/, 'Abholung bei:'],
    ['en-GB', 'Your order 100042', /Total: €56\.86/, 'Pickup at:'],
    ['fr-FR', 'Votre commande 100042', /Total TTC: 56,86\s€/, 'Retrait à:'],
    ['nl-NL', 'Uw bestelling 100042', /Totaal: €\s?56,86/, 'Afhalen bij:'],
  ])('%s: subject, totals and pickup in the language', (locale, subject, total, pickup) => {
    const mail = orderConfirmationMail({ ...order, locale });
    expect(mail).toMatchObject({ to: 'buyer@example.com', subject, template: 'order-confirmation' });
    expect(mail.text).toMatch(total);
    expect(mail.text).toContain(pickup);
    expect(mail.text).toContain('Shop Antwerpen');
  });

  test('unit prices keep their 5 decimals, backorders are named, the HTML variant escapes every value', () => {
    const mail = orderConfirmationMail({ ...order, locale: 'en-GB' });
    expect(mail.text).toContain('3 × P-1 Drill & bits: €12.34567 = €37.04 (1 of them on backorder, delivered later)');
    expect(mail.html).toContain('Drill &amp; bits');
    expect(mail.html).toContain('Anna &lt;Admin&gt;');
    expect(mail.html).toContain('PO-&lt;7&gt;');
    expect(mail.html).not.toContain('<Admin>');
  });

  test('an unknown language falls back to English', () => {
    expect(orderConfirmationMail({ ...order, locale: 'it-IT' }).subject).toBe('Your order 100042');
  });
});
