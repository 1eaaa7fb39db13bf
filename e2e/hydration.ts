import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until the Astro island that contains `locator` has hydrated (Astro removes the `ssr` attribute from
 * `<astro-island>` once the component runs), so typing and clicking reach React, not the server markup.
 */
export async function waitForHydrate(page: Page, locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  await expect
    .poll(() =>
      locator.evaluate((el) => {
        const island = el.closest('astro-island');
        return island === null || !island.hasAttribute('ssr');
      }),
    )
    .toBe(true);
  void page;
}
