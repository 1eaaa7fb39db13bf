// Punch-out end to end through the procurement simulator (/punchout-test, PUNCHOUT_TEST_PAGE=1), which plays SAP SRM
// and Ariba with the demo configurations of Bouwbedrijf Peeters NV (docs/demo-logins.md): an OCI call-up opens the
// catalogue with the buyer's prices, the cart goes back as NEW_ITEM fields and the simulator shows its lines; a cXML
// setup request opens a session, the cart goes back as a PunchOutOrderMessage, "Edit this cart" punches out again
// with the same lines and "Inspect" opens them read-only; a punch-out session never reaches the checkout. Each test
// opens a session of its own (every session shops as a customer of its own), so the tests share no cart.
import { expect, type Page } from '@playwright/test';
import { waitForHydrate } from './hydration.ts';
import { addToCartByNumber, test } from './support.ts';

/** A screw of the demo catalogue sold from 50 pieces in steps of 25. */
const SCREW = 'WB-0000015';
const SCREW_NAME = /Socket head cap screw Basic 467 10 mm/;
const OCI_SYSTEM = 'SAP SRM (demo)';
const CXML_SYSTEM = 'Ariba (demo)';

/** Opens an OCI session from the simulator's call-up form (the demo login is filled in). */
async function ociCallUp(page: Page) {
  await page.goto('/en/punchout-test');
  await page.getByRole('button', { name: 'Open the catalogue (OCI)' }).click();
  await expect(page.getByRole('region', { name: 'Punch-out session' })).toContainText(
    `You are shopping for ${OCI_SYSTEM}`,
  );
}

/** Sends the simulator's cXML form (or the form `submit` of a return page) and opens the StartPage it answers. */
async function openStartPage(page: Page, submit: () => Promise<void>) {
  await submit();
  await expect(page.getByText('cXML status 200 OK')).toBeVisible();
  await page.getByRole('link', { name: 'Open the StartPage' }).click();
  await expect(page.getByRole('region', { name: 'Punch-out session' })).toContainText(CXML_SYSTEM);
}

/** Full-page screenshots at 1280 and 375 pixels wide, kept in the test's output folder and attached to its report. */
async function screenshots(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const path = test.info().outputPath(`${name}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await test.info().attach(`${name}-${width}`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('OCI: call-up, catalogue with the buyer’s prices, transfer; the simulator shows the lines', async ({ page }) => {
  test.setTimeout(120_000);
  await ociCallUp(page);
  // The call-up left no credential in the address.
  expect(page.url()).not.toMatch(/PASSWORD|Punchout-Demo|otp=/);

  await page.goto(`/en/search?query=${SCREW}`);
  await page.getByRole('link', { name: SCREW_NAME }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SCREW_NAME);
  // The technical user's prices, not the anonymous "log in" prompt.
  await expect(page.getByText(/€\s?\d/).first()).toBeVisible();
  const quantity = page.getByRole('spinbutton').first();
  await waitForHydrate(page, quantity);
  await expect(quantity).toHaveValue('50');
  await page.getByRole('button', { name: 'Add to cart' }).first().click();
  await expect(page.getByRole('link', { name: /Cart, 1 item/ })).toBeVisible();

  await page.goto('/en/checkout');
  await expect(page.getByText(SCREW_NAME).first()).toBeVisible();
  const transfer = page.getByRole('button', { name: `Transfer to ${OCI_SYSTEM}` });
  await expect(transfer).toBeVisible();
  await expect(page.getByRole('button', { name: /place binding order/i })).toHaveCount(0);
  await screenshots(page, 'punchout-transfer-cart');

  await transfer.click();
  await expect(page).toHaveURL(/\/en\/punchout-test\/oci-return/);
  await expect(page.getByRole('heading', { name: 'OCI cart received' })).toBeVisible();
  await expect(page.getByText('Form decoded as ISO-8859-1')).toBeVisible();
  const lines = page.getByRole('table', { name: 'Lines' });
  const row = lines.getByRole('row').filter({ hasText: SCREW });
  await expect(row).toHaveCount(1);
  const cells = await row.getByRole('cell').allTextContents();
  const header = await lines.getByRole('columnheader').allTextContents();
  const cell = (name: string) => cells[header.indexOf(name)]!.trim();
  expect(cell('#')).toBe('1');
  expect(cell('QUANTITY')).toBe('50.000');
  expect(cell('PRICE')).toMatch(/^\d{1,11}\.\d{1,3}$/);
  expect(Number(cell('PRICE'))).toBeGreaterThan(0);
  expect(cell('PRICEUNIT')).toMatch(/^\d+$/);
  expect(cell('UNIT')).toMatch(/^[A-Z0-9]{1,3}$/);
  expect(cell('CURRENCY')).toBe('EUR');
  expect(cell('VENDORMAT')).toBe(SCREW);
  expect(cell('EXT_PRODUCT_ID')).toMatch(/^[0-9a-f]{32}$/);
  // The shop's cart passes every rule a receiver can check.
  await expect(page.locator('[data-rule][data-passed="false"]')).toHaveCount(0);
  await screenshots(page, 'punchout-oci-simulator-result');

  // The session ended with the transfer: no bar, no punch-out cookie.
  await page.goto('/en/');
  await expect(page.getByRole('region', { name: 'Punch-out session' })).toHaveCount(0);
  expect((await page.context().cookies()).some((c) => c.name === 'wb-punchout')).toBe(false);
});

test('cXML: create and transfer, edit the returned cart, transfer again, then inspect it read-only', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await page.goto('/en/punchout-test');
  await openStartPage(page, () => page.getByRole('button', { name: 'Send the setup request' }).click());

  await addToCartByNumber(page, baseURL!, SCREW, 75);
  await page.goto('/en/checkout');
  await page.getByRole('button', { name: `Transfer to ${CXML_SYSTEM}` }).click();
  await expect(page).toHaveURL(/\/en\/punchout-test\/cxml-return/);
  await expect(page.getByRole('heading', { name: 'PunchOutOrderMessage received' })).toBeVisible();
  await expect(page.locator('[data-operation-allowed]')).toContainText(/edit|inspect|create/);
  await expect(page.locator('[data-dtd-check]')).toContainText('Valid against the DTD');
  const firstLines = page.getByRole('table', { name: 'Lines' });
  await expect(firstLines.getByRole('row').filter({ hasText: SCREW })).toContainText('75');
  await screenshots(page, 'punchout-cxml-simulator-result');

  // Edit: the shop re-creates the cart from the returned lines.
  await openStartPage(page, () => page.getByRole('button', { name: 'Edit this cart' }).click());
  await expect(page).toHaveURL(/\/en\/checkout$/);
  await expect(page.getByText(SCREW_NAME).first()).toBeVisible();
  await expect(page.getByRole('spinbutton').first()).toHaveValue('75');
  await page.getByRole('button', { name: `Transfer to ${CXML_SYSTEM}` }).click();
  await expect(page.getByRole('heading', { name: 'PunchOutOrderMessage received' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Lines' }).getByRole('row').filter({ hasText: SCREW })).toContainText(
    '75',
  );

  // Inspect: the same lines, read-only.
  await openStartPage(page, () => page.getByRole('button', { name: 'Inspect' }).click());
  await expect(page).toHaveURL(/\/en\/checkout$/);
  await expect(page.getByText(SCREW_NAME).first()).toBeVisible();
  await expect(page.getByText(`${CXML_SYSTEM} opened this cart for viewing only`)).toBeVisible();
  await expect(page.getByRole('spinbutton')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Remove .* from the cart/ })).toHaveCount(0);
  await expect(page.getByText('Quantity: 75')).toBeVisible();
  await expect(page.getByRole('button', { name: `Return to ${CXML_SYSTEM}`, exact: true })).toBeVisible();
  await screenshots(page, 'punchout-inspect-cart');
});

test('a punch-out session cannot reach the checkout: no order button, the success page goes to the cart, and the Store API refuses an order', async ({
  page,
  baseURL,
}) => {
  await ociCallUp(page);
  await addToCartByNumber(page, baseURL!, SCREW, 50);
  await page.goto('/en/checkout/success?orderNumber=1');
  await expect(page).toHaveURL(/\/en\/checkout$/);
  await expect(page.getByRole('button', { name: `Transfer to ${OCI_SYSTEM}` })).toBeVisible();
  await expect(page.getByRole('button', { name: /place binding order/i })).toHaveCount(0);
  const order = await page.request.post('/store-api/checkout/order', {
    data: {},
    headers: { origin: baseURL!, referer: `${baseURL!}/en/checkout` },
  });
  expect(order.ok()).toBe(false);
  // The account menu offers no logout; cancelling returns to the procurement system and ends the session.
  await page.getByRole('button', { name: `Cancel and return to ${OCI_SYSTEM}` }).click();
  await expect(page).toHaveURL(/\/en\/punchout-test\/oci-return/);
  await expect(page.getByText('The cart holds no lines')).toBeVisible();
});

test('the simulator is for testing: noindex, and a wrong OCI password gets the translated error page', async ({
  page,
}) => {
  const response = await page.goto('/en/punchout-test');
  expect(response?.headers()['x-robots-tag']).toBe('noindex');
  await page.getByLabel('PASSWORD').fill('wrong-password');
  await page.getByRole('button', { name: 'Open the catalogue (OCI)' }).click();
  await expect(page.getByRole('heading', { name: 'The catalogue could not be opened' })).toBeVisible();
  await expect(page.getByText('was not accepted')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('wrong-password');
});
