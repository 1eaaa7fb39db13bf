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

/**
 * Waits until every island of the page that hydrates on load or when the browser is idle (`client:load`,
 * `client:idle`) has run, so their first effects (session check, price request) have started. Islands that wait
 * for visibility or a media query are not awaited.
 */
export async function waitForIslands(page: Page): Promise<void> {
  await expect.poll(() => page.locator('astro-island[ssr]:is([client="load"], [client="idle"])').count()).toBe(0);
}
