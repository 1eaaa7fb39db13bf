import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until the Astro island that contains `locator` has hydrated (Astro removes the `ssr` attribute from
 * `<astro-island>` once the component runs), so typing and clicking reach React, not the server markup. An island
 * that hydrates on interaction (`client:session="interaction"`) is first pointed at, as a visitor would.
 */
export async function waitForHydrate(page: Page, locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  await locator.dispatchEvent('pointerover');
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
 * `client:idle`, and `client:session` for a logged-in visitor) has run, so their first effects (session check, price
 * request) have started. Islands that wait for visibility, a media query or an interaction are not awaited.
 */
export async function waitForIslands(page: Page): Promise<void> {
  // `client:session` islands hydrate at idle too once the visitor is logged in (the `wb-logged-in` marker cookie),
  // except those whose directive says `only` (the cart hydrates on interaction; the punch-out bar only in a punch-out
  // session, with the `wb-punchout` marker).
  const cookies = await page.context().cookies();
  const loggedIn = cookies.some((c) => c.name === 'wb-logged-in' && c.value === '1');
  const punchOut = cookies.some((c) => c.name === 'wb-punchout' && c.value === '1');
  const session = `[client="session"]:not([opts*="only"])${punchOut ? ', [client="session"][opts*="punchout"]' : ''}`;
  const waiting = loggedIn
    ? `astro-island[ssr]:is([client="load"], [client="idle"], ${session})`
    : 'astro-island[ssr]:is([client="load"], [client="idle"])';
  await expect.poll(() => page.locator(waiting).count()).toBe(0);
}
