// After the order, end to end on the simulated ERP: a buyer places an order, the ERP advances it (the development
// advance, as if hours had passed), the buyer sees it shipped and invoiced in the order history and downloads the
// invoice PDF; the buyer requests an offer from the cart, the ERP processes it, the buyer downloads the offer PDF and
// orders it at the offered price. A new buyer (created by the lead buyer with the approver's rights, which include
// the invoice history) keeps this cart apart from the other tests' carts.
import { expect, type Download, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { extractText } from 'unpdf';
import { waitForHydrate } from './hydration.ts';
import { addToCartByNumber, apiGet, apiPost, emptyCart, invitationHash, login, switchUser, test } from './support.ts';

const NEW_PASSWORD = 'Erp!Buyer2026';
/** A screw of the demo catalogue sold from 50 pieces in steps of 25, with stock. */
const ARTICLE = 'WB-0000015';

/** Advances the simulated ERP as if `hours` had passed (WERKBANK_DEV_OUTBOX=1 opens the call). */
async function advanceErp(page: Page, baseURL: string, hours: number) {
  await apiPost(page.request, baseURL, 'werkbank/dev/erp/advance', { hours });
}

/** The text of a downloaded PDF, as a PDF reader extracts it. */
async function pdfText(download: Download): Promise<string> {
  const bytes = new Uint8Array(await readFile(await download.path()));
  expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
  const { text } = await extractText(bytes, { mergePages: true });
  return text;
}

test('a buyer follows an order to its invoice and orders an offer the ERP answered', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const origin = baseURL!;
  const suffix = Date.now().toString(36);
  const username = `erp.${suffix}`;
  const email = `erp.${suffix}@example.be`;

  await login(page, origin, 'anna.peeters');
  await apiPost(page.request, origin, 'werkbank/companies/customers/create', {
    salutation: 'female',
    firstName: 'Ilse',
    lastName: `Erp ${suffix}`,
    email,
    username,
    role: 'approver',
  });
  await apiPost(page.request, origin, 'account/recovery-password-confirm', {
    hash: await invitationHash(page.request, origin, email),
    newPassword: NEW_PASSWORD,
    newPasswordConfirm: NEW_PASSWORD,
  });
  await switchUser(page, origin, username, NEW_PASSWORD);

  // An order delivered to the company's main address.
  await emptyCart(page, origin);
  await addToCartByNumber(page, origin, ARTICLE, 100);
  await page.goto('/en/checkout');
  const submit = page.getByRole('button', { name: 'Place binding order' });
  await waitForHydrate(page, submit);
  await submit.click();
  await expect(page).toHaveURL(/\/en\/checkout\/success\?orderNumber=\d+/);
  const orderNumber = new URL(page.url()).searchParams.get('orderNumber')!;

  // The ERP has it within seconds (open: the hand-over job polls every 2 s); three days later it is shipped and
  // invoiced.
  await expect(async () => {
    await page.goto(`/en/account/orders?orderNumber=${orderNumber}`);
    await expect(page.getByRole('row', { name: new RegExp(orderNumber) })).toContainText('Open', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await advanceErp(page, origin, 72);
  await page.reload();
  const row = page.getByRole('row', { name: new RegExp(orderNumber) });
  await expect(row).toContainText('Shipped and invoiced');
  await expect(row).toContainText('Shop');
  await row.getByRole('link', { name: orderNumber }).click();
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByText(ARTICLE).first()).toBeVisible();
  const invoiceLink = page.getByRole('link', { name: /^Invoice \d+ \(PDF\)$/ }).first();
  const invoiceNumber = /Invoice (\d+)/.exec((await invoiceLink.textContent()) ?? '')![1]!;
  const [invoice] = await Promise.all([page.waitForEvent('download'), invoiceLink.click()]);
  const invoiceText = await pdfText(invoice);
  expect(invoiceText).toContain(invoiceNumber);
  expect(invoiceText).toContain(orderNumber);
  expect(invoiceText).toContain(ARTICLE);

  // An offer on a cart of 200 pieces; two hours later the ERP has priced it.
  await addToCartByNumber(page, origin, ARTICLE, 200);
  await page.goto('/en/checkout');
  const request = page.getByRole('button', { name: 'Request an offer' });
  await waitForHydrate(page, request);
  await request.click();
  const dialog = page.getByRole('dialog', { name: 'Request an offer' });
  await dialog.getByRole('textbox', { name: 'Comment' }).fill('Delivery to the site in Ghent, please.');
  await dialog.getByRole('textbox', { name: 'Your reference' }).fill(`OFF-${suffix}`);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  const sent = page.getByRole('status').filter({ hasText: /Your offer request \d+ has been sent\./ });
  await expect(sent).toBeVisible();
  const offerNumber = /request (\d+) has/.exec((await sent.textContent()) ?? '')![1]!;
  await emptyCart(page, origin);

  await advanceErp(page, origin, 3);
  await page.goto(`/en/account/offers/${offerNumber}`);
  await expect(page.getByRole('heading', { name: `Offer ${offerNumber}` })).toBeVisible();
  await expect(page.getByText('Processed').first()).toBeVisible();
  const [offerPdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: `Offer ${offerNumber} (PDF)` }).click(),
  ]);
  const offerText = await pdfText(offerPdf);
  expect(offerText).toContain(offerNumber);
  expect(offerText).toContain(`OFF-${suffix}`);
  expect(offerText).toContain(ARTICLE);

  // Ordered at the offered price: 5 % below the buyer's price for 200 pieces.
  await page.getByRole('button', { name: 'Put into the cart' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `1 line of offer ${offerNumber} is now in the cart.` }),
  ).toBeVisible();
  const offer = await apiGet<{ lines: { unitPrice: number }[] }>(
    page.request,
    origin,
    `werkbank/offer/history/detail?offerNumber=${offerNumber}`,
  );
  const cart = await apiGet<{
    lineItems: { price: { unitPrice: number }; payload: { offer?: { offerNumber: string } } }[];
  }>(page.request, origin, 'checkout/cart');
  expect(cart.lineItems).toHaveLength(1);
  expect(cart.lineItems[0]!.payload.offer?.offerNumber).toBe(offerNumber);
  expect(cart.lineItems[0]!.price.unitPrice).toBe(offer.lines[0]!.unitPrice);
  await page.goto('/en/checkout');
  const order = page.getByRole('button', { name: 'Place binding order' });
  await waitForHydrate(page, order);
  await order.click();
  await expect(page).toHaveURL(/\/en\/checkout\/success\?orderNumber=\d+/);
});
