import { expect, test } from '@playwright/test';
import { waitForHydrate } from './hydration.ts';

// At a 375px-wide phone viewport.

test('no page scrolls sideways at 375px', async ({ page }) => {
  for (const path of ['/de/', '/de/Steigtechnik/', '/de/search?query=Leiter', '/de/Holm-Abdeckkappe-73x26/19690']) {
    await page.goto(path);
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
