import { expect } from '@playwright/test';
import { waitForHydrate } from './hydration.ts';
import { emptyCart, login, test } from './support.ts';

// At a 375px-wide phone viewport.

test('no page scrolls sideways at 375px', async ({ page }) => {
  for (const path of ['/de/', '/de/Steigtechnik/', '/de/search?query=Leiter', '/de/Holm-Abdeckkappe-73x26/19690']) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('no account page scrolls sideways at 375px: wide tables scroll in their own box', async ({ page, baseURL }) => {
  await login(page, baseURL!, 'markus.huber');
  for (const path of [
    '/de/account/orders',
    '/de/account/orders/shop',
    '/de/account/invoices',
    '/de/account/offers',
    '/de/account/approvals',
    '/de/account/flows',
    '/de/account/orderreferences',
    '/de/account/customer',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Wird geladen').first()).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('the mobile menu drills into categories and goes back', async ({ page }) => {
  await page.goto('/de/');
  const open = page.getByRole('button', { name: 'Menü öffnen' }).first();
  await waitForHydrate(page, open);
  await open.click();
  const menu = page.getByRole('dialog');
  await expect(menu).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');
  await menu.getByRole('button', { name: /Handwerkzeuge/ }).click();
  await expect(menu.getByText('Zangen', { exact: true })).toBeVisible();
  await menu.getByRole('button', { name: /Zurück/ }).click();
  await expect(menu.getByRole('button', { name: /Handwerkzeuge/ })).toBeVisible();
  await menu
    .getByRole('button', { name: /Zurück|Schließen/ })
    .first()
    .click();
  await expect(menu).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.style.overflow)).not.toBe('hidden');
});

test('without JavaScript the header shows one menu button, a disclosure of the top two levels', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 375, height: 812 },
  });
  const page = await context.newPage();
  await page.goto('/de/');
  // The island's button (hidden by the scripting media feature) and the disclosure's summary are both named so.
  const menuButtons = page.locator('header').getByLabel('Menü öffnen').locator('visible=true');
  await expect(menuButtons).toHaveCount(1);
  await menuButtons.click();
  await expect(page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Zangen' })).toBeVisible();
  await context.close();
});

test('at 375px a buyer over the credit limit orders with payment in advance, from product page to confirmation', async ({
  page,
  baseURL,
}) => {
  // Huber Metallbau (demo seed) has a credit limit of 500 EUR with 450 EUR used: invoice is blocked for this order.
  // markus.huber is used by no other spec (auth.spec.ts changes eva.gruber's password).
  await login(page, baseURL!, 'markus.huber');
  await emptyCart(page, baseURL!);

  await page.goto('/de/search?query=WB-0000015');
  await page
    .getByRole('link', { name: /Basic 467 10 mm/ })
    .first()
    .click();
  // The buy box is below the fold at 375px; its island hydrates once it scrolls into view.
  const buyBox = page.getByRole('form', { name: /In den Warenkorb/ }).first();
  await buyBox.scrollIntoViewIfNeeded();
  await waitForHydrate(page, buyBox);
  const add = buyBox.getByRole('button', { name: 'In den Warenkorb' });
  await page
    .getByRole('button', { name: /Menge erhöhen/ })
    .first()
    .click();
  await add.click();
  await expect(page.getByRole('status').filter({ hasText: /75 × / })).toBeVisible();

  await page
    .getByRole('link', { name: /Warenkorb, 1 / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/de\/checkout$/);
  await expect(page.getByText(/Ihr Kreditlimit reicht für diese Bestellung nicht aus/).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expect(page.getByRole('radio', { name: /Rechnung/ })).toBeDisabled();
  const advance = page.getByRole('radio', { name: /Vorkasse/ });
  await waitForHydrate(page, advance);
  await advance.check();
  await page.getByRole('radio', { name: 'Abholung' }).check();
  await page.getByLabel(/Abholort/).selectOption({ index: 1 });
  await page.getByRole('button', { name: /Zahlungspflichtig bestellen/ }).click();
  await expect(page).toHaveURL(/\/de\/checkout\/success\?orderNumber=\d+/);
  await expect(page.getByText(/Ihre Bestellnummer/)).toBeVisible();
});
