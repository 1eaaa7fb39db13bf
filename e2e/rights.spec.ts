// Rights the storefront server decides on while it renders a page (docs/decisions/024), checked without JavaScript so
// that no island can have hidden anything.
import { expect } from '@playwright/test';
import { test } from './support.ts';

test.use({ javaScriptEnabled: false });

test('the quick order page answers 403 without ROLE_ACCESS_QUICK_ORDER_FORM and shows the form with it', async ({
  page,
  loginAs,
}) => {
  // tom.wuyts holds ROLE_VIEW_PRICES, ROLE_MANAGE_ORDER_LISTS and ROLE_MANAGE_OWN_CONTACT_INFO only.
  await loginAs('tom.wuyts');
  const refused = await page.goto('/en/quick-order');
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole('alert')).toHaveText(/does not have the right to use the quick order/);

  await loginAs('jan.janssens');
  const allowed = await page.goto('/en/quick-order');
  expect(allowed?.status()).toBe(200);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
