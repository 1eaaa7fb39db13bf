// An anonymous visitor's page load makes no failing request (docs/decisions/009): browser code asks the Store API for
// the customer only when the readable `wb-logged-in` cookie says a session is logged in, so home, category and
// product pages load without the 403 an anonymous `account/customer` call would answer, and without console errors.
import { expect, type Page } from '@playwright/test';
import { waitForHydrate, waitForIslands } from './hydration.ts';
import { test } from './support.ts';

/** Everything that went wrong while the page was open: failed requests, answers >= 400, console errors. */
function recordProblems(page: Page): { problems: string[]; customerCalls: string[] } {
  const problems: string[] = [];
  const customerCalls: string[] = [];
  page.on('requestfailed', (request) => problems.push(`failed ${request.url()}: ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/store-api/account/customer') customerCalls.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { problems, customerCalls };
}

/** Waits until the header's account island and every other island loaded on idle have run. */
async function settle(page: Page) {
  await waitForHydrate(page, page.getByRole('banner').getByRole('link', { name: 'Anmelden' }));
  await waitForIslands(page);
}

test('home, category and product pages load anonymously without a failed request or a console error', async ({
  page,
}) => {
  const { problems, customerCalls } = recordProblems(page);

  await page.goto('/de/');
  await settle(page);

  await page
    .getByRole('navigation', { name: 'Produktkategorien' })
    .getByRole('link', { name: 'Steigtechnik', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Steigtechnik' })).toBeVisible();
  await settle(page);

  const card = page.getByRole('main').getByRole('article').first();
  const name = (await card.getByRole('heading').innerText()).trim();
  await card.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await settle(page);

  expect(problems).toEqual([]);
  expect(customerCalls).toEqual([]);
});
