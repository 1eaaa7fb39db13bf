// Spending control end to end: a lead buyer creates an order reference with a budget and an order flow with a budget
// and an approval threshold for a new buyer; the buyer orders below the threshold (placed, booked to the reference,
// whose remaining budget drops), above it (an approval request instead of an order), and beyond the rest of the flow
// budget (blocked with the message); the approver approves the request in bulk and the order appears in the buyer's
// history. A new buyer keeps the demo users' budgets out of it, because the tests of a worker share one database.
import { expect, type Page } from '@playwright/test';
import { waitForHydrate } from './hydration.ts';
import { addToCartByNumber, emptyCart, INVITED_PASSWORD, inviteBuyer, login, switchUser, test } from './support.ts';

const LEAD_BUYER = 'anna.peeters';
const APPROVER = 'lotte.claes';
/** A screw of the demo catalogue sold from 50 pieces in steps of 25 at 0.66194 EUR net a piece. */
const ARTICLE = 'WB-0000015';

/** Replaces the logged-in customer's cart with `quantity` pieces of the test article. */
async function cartWith(page: Page, baseURL: string, quantity: number) {
  await emptyCart(page, baseURL);
  await addToCartByNumber(page, baseURL, ARTICLE, quantity);
}

/** Opens the checkout with pickup at the first location, so no shipping cost enters the net total. */
async function openCheckoutWithPickup(page: Page) {
  await page.goto('/en/checkout');
  const pickup = page.getByRole('radio', { name: 'Pickup' });
  await waitForHydrate(page, pickup);
  await pickup.check();
  await page.getByLabel(/pickup location/i).selectOption({ index: 1 });
}

test('a lead buyer sets budgets and a threshold; the checkout places, sends for approval and blocks; the approver approves in bulk', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL!;
  const suffix = Date.now().toString(36);
  const reference = `E2E-PO-${suffix}`;
  const flowName = `E2E flow ${suffix}`;

  // The lead buyer invites a buyer (default buyer rights) and the buyer sets a password.
  await login(page, origin, LEAD_BUYER);
  const { username, fullName } = await inviteBuyer(page, origin, 'budget', 'Budget');

  // An order reference with 1,000.00 EUR a month, open to every user of the company.
  await page.goto('/en/account/orderreferences/create');
  const name = page.getByRole('textbox', { name: /Name or number/ });
  await waitForHydrate(page, name);
  await name.fill(reference);
  await page.getByRole('textbox', { name: /Budget per period/ }).fill('1000');
  await page.getByLabel('Budget period').selectOption('monthly');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Order reference ${reference} saved.` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toContainText('€1,000.00');

  // The flow wizard: 250.00 EUR a month for the new buyer, approval from 100.00 EUR by the approver.
  await page.goto('/en/account/flows/create');
  const flowField = page.getByRole('textbox', { name: 'Name' });
  await waitForHydrate(page, flowField);
  await flowField.fill(flowName);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: /Budget per user and period/ }).fill('250');
  await page.getByRole('textbox', { name: /Orders need approval from/ }).fill('100');
  await page.getByRole('button', { name: 'Next' }).click();
  await page
    .getByRole('group', { name: 'Approvers' })
    .getByRole('checkbox', { name: /Lotte Claes/ })
    .check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page
    .getByRole('group', { name: 'Users' })
    .getByRole('checkbox', { name: new RegExp(fullName) })
    .check();
  await page.getByRole('button', { name: 'Create flow' }).click();
  await expect(page.getByRole('status').filter({ hasText: `The flow ${flowName} has been created.` })).toBeVisible();
  await page.getByRole('link', { name: 'To the flows' }).click();
  await expect(page.getByRole('row', { name: new RegExp(flowName) })).toContainText('€250.00');

  // Below the threshold: 100 pieces, 66.19 EUR net, booked to the reference, placed at once.
  await switchUser(page, origin, username, INVITED_PASSWORD);
  await cartWith(page, origin, 100);
  await openCheckoutWithPickup(page);
  await expect(page.getByText('€250.00 left of your flow budget')).toBeVisible();
  const referenceField = page.getByRole('textbox', { name: 'Your order reference' });
  await referenceField.fill(reference);
  await page.getByRole('list', { name: 'Order references of your company' }).getByRole('button').first().click();
  await expect(page.getByText(`Order reference ${reference} is set on the cart · €1,000.00 left`)).toBeVisible();
  await page.getByRole('button', { name: 'Place binding order' }).click();
  await expect(page).toHaveURL(/\/en\/checkout\/success\?orderNumber=\d+/);

  // At or above the threshold: 200 pieces, 132.39 EUR net, become an approval request; the budget is reserved.
  await cartWith(page, origin, 200);
  await openCheckoutWithPickup(page);
  await expect(page.getByText('€183.81 left of your flow budget')).toBeVisible();
  await expect(page.getByText(/This order needs an approval/)).toBeVisible();
  await page.getByRole('button', { name: 'Send for approval' }).click();
  await expect(page).toHaveURL(/\/en\/checkout\/success\?approvalNumber=/);
  const approvalNumber = new URL(page.url()).searchParams.get('approvalNumber')!;
  await expect(
    page.getByRole('status').filter({ hasText: `The request ${approvalNumber} has been sent` }),
  ).toBeVisible();

  // Beyond what is left (51.42 EUR): 100 pieces are blocked with the reason, and nothing can be submitted.
  await cartWith(page, origin, 100);
  await openCheckoutWithPickup(page);
  await expect(page.getByText('€51.42 left of your flow budget')).toBeVisible();
  await expect(page.getByText('Your flow budget does not cover this order, so it cannot be placed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place binding order' })).toBeDisabled();

  // The approver selects the request and approves it in bulk after the confirmation.
  await switchUser(page, origin, APPROVER);
  await page.goto(`/en/account/approvals?status=pending&term=${encodeURIComponent(approvalNumber)}`);
  const select = page.getByRole('checkbox', { name: `Select ${approvalNumber}` });
  await waitForHydrate(page, select);
  await select.check();
  await page.getByRole('button', { name: 'Approve selected', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: new RegExp(`Request ${approvalNumber} approved: order \\d+`) }),
  ).toBeVisible();

  // The buyer finds both orders; the lead buyer sees the reference's budget reduced by the first order only. The
  // approved order reaches the ERP's history through the hand-over job (a poll every 2 s), as a buyer reloading sees.
  await switchUser(page, origin, username, INVITED_PASSWORD);
  await expect(async () => {
    await page.goto('/en/account/orders');
    await expect(page.getByText('2 orders')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toHaveCount(1);
  await switchUser(page, origin, LEAD_BUYER);
  await page.goto('/en/account/orderreferences');
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toContainText('€933.81');
});
