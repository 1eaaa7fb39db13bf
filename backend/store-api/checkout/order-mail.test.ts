import { describe, expect, test } from 'vitest';
import { approvalRequestedMail, orderConfirmationMail } from '../../mail/templates.ts';

const order = {
  to: 'buyer@example.com',
  seesPrices: true,
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

/** Any amount a mail could print: a euro figure in any of the four locales' formats. */
const MONEY = /€|\d+[.,]\d{2}\b/;

describe('mails to a recipient without ROLE_VIEW_PRICES', () => {
  test.each([
    ['de-DE', 'Preise auf Anfrage', '3 × P-1 Drill & bits (davon 1 im Rückstand, Lieferung folgt)'],
    ['en-GB', 'Prices on request', '3 × P-1 Drill & bits (1 of them on backorder, delivered later)'],
    ['fr-FR', 'Prix sur demande', '3 × P-1 Drill & bits (dont 1 en reliquat, livrés plus tard)'],
    ['nl-NL', 'Prijzen op aanvraag', '3 × P-1 Drill & bits (waarvan 1 in backorder, later geleverd)'],
  ])('%s: the order confirmation lists the lines with quantities and no amount', (locale, onRequest, line) => {
    const mail = orderConfirmationMail({ ...order, locale, seesPrices: false });
    expect(mail.text).toContain(`- ${line}`);
    expect(mail.text).toContain(onRequest);
    expect(mail.html).toContain(onRequest);
    expect(mail.text).toContain('Shop Antwerpen');
    expect(mail.text).not.toMatch(MONEY);
    expect(mail.html).not.toMatch(MONEY);
  });

  const request = {
    to: 'approver@example.com',
    name: 'Anton',
    requesterName: 'Rita',
    approvalNumber: '200007',
    orderReference: 'PO-9',
    netCents: 26000,
    lines: [{ productNumber: 'P-1', label: 'Helmet', quantity: 10, totalCents: 25000 }],
  };

  test.each([
    ['de-DE', 'Rita bittet um Ihre Freigabe der Bestellanfrage 200007.', 'Preise auf Anfrage'],
    ['en-GB', 'Rita asks you to approve the order request 200007.', 'Prices on request'],
    ['fr-FR', 'Rita vous demande de valider la demande de commande 200007.', 'Prix sur demande'],
    ['nl-NL', 'Rita vraagt u de bestelaanvraag 200007 goed te keuren.', 'Prijzen op aanvraag'],
  ])('%s: the approval request to an approver without the right names no amount', (locale, body, onRequest) => {
    const mail = approvalRequestedMail({ ...request, locale, seesPrices: false });
    expect(mail.text).toContain(body);
    expect(mail.text).toContain('- 10 × P-1 Helmet\n');
    expect(mail.text).toContain(onRequest);
    expect(mail.text).not.toMatch(MONEY);
    expect(mail.html).not.toMatch(MONEY);
  });

  test('an approver with the right reads the net total and the line totals', () => {
    const mail = approvalRequestedMail({ ...request, locale: 'en-GB', seesPrices: true });
    expect(mail.text).toContain('Rita asks you to approve the order request 200007 of €260.00 net.');
    expect(mail.text).toContain('- 10 × P-1 Helmet: €250.00');
  });
});
