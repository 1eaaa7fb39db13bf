// The buyer's own catalogue end to end (docs/decisions/017): a buyer saves the cart as an order list shared with the
// company, a colleague finds it among the order lists and puts all of it into their cart, and another company never
// sees it; a buyer links their own article number to an article, finds the article by it in the quick search and
// the search results, orders it through the quick order form by that number and reads it on the cart and the order.
// Each test invites its own buyers, so no other spec's cart or lists get in the way (the tests of a worker share one database).
import { expect } from '@playwright/test';
import { waitForHydrate } from './hydration.ts';
import {
  addToCartByNumber,
  apiDelete,
  apiGet,
  emptyCart,
  INVITED_PASSWORD,
  inviteBuyer,
  login,
  switchUser,
  test,
} from './support.ts';

const LEAD_BUYER = 'anna.peeters';
/** A screw of the demo catalogue sold from 50 pieces in steps of 25. */
const SCREW = 'WB-0000015';
const SCREW_NAME = /Socket head cap screw Basic 467 10 mm/;
/** A voltage tester of the demo catalogue, sold by the piece. */
const TESTER = 'WB-0000280';

test('a buyer saves the cart as a shared order list; a colleague puts all of it into their cart', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL!;
  const listName = `E2E Werf ${Date.now().toString(36)}`;
  await login(page, origin, LEAD_BUYER);
  const buyer = await inviteBuyer(page, origin, 'lists', 'Lists');
  const colleague = await inviteBuyer(page, origin, 'colleague', 'Colleague');

  // The buyer fills the cart and saves it as a list shared with the company; the cart stays as it is.
  await switchUser(page, origin, buyer.username, INVITED_PASSWORD);
  await emptyCart(page, origin);
  await addToCartByNumber(page, origin, SCREW, 75);
  await addToCartByNumber(page, origin, TESTER, 2);
  await page.goto('/en/checkout');
  const save = page.getByRole('button', { name: 'Save cart as order list' });
  await waitForHydrate(page, save);
  await save.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /Name/ }).fill(listName);
  await dialog.getByRole('radio', { name: 'Shared with my company' }).check();
  await dialog.getByRole('button', { name: 'Save as order list' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Your cart was saved as the order list ${listName}.` }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /Cart, 2 items/ })).toBeVisible();

  // The colleague finds it among the order lists, opens it and puts all of it into an empty cart.
  await switchUser(page, origin, colleague.username, INVITED_PASSWORD);
  await emptyCart(page, origin);
  await page.goto('/en/account/orderlist');
  const row = page.getByRole('row', { name: new RegExp(listName) });
  await expect(row).toContainText('Shared');
  await expect(row).toContainText(buyer.fullName);
  await row.getByRole('link', { name: listName }).click();
  await expect(page.getByRole('heading', { name: listName })).toBeVisible();
  const items = page.getByRole('region', { name: 'Articles' });
  await expect(items.getByRole('textbox', { name: /Quantity of Socket head cap screw/ })).toHaveValue('75');
  // The company's own number of the tester (a demo article link of the company) shows to every colleague.
  await expect(items.getByRole('row', { name: new RegExp(TESTER) })).toContainText('BP-1021');
  await page.getByRole('button', { name: 'Add all to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 articles added to the cart.' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Cart, 2 items/ })).toBeVisible();
  await page.goto('/en/checkout');
  await expect(page.getByText(SCREW_NAME).first()).toBeVisible();
  await expect(page.getByRole('spinbutton').first()).toHaveValue('75');

  // Another company's lead buyer never sees the list.
  await switchUser(page, origin, 'markus.huber');
  const other = await apiGet<{ elements: { name: string }[] }>(
    page.request,
    origin,
    `werkbank/order/list?term=${encodeURIComponent(listName)}`,
  );
  expect(other.elements).toHaveLength(0);
});

test('a buyer links an own article number, finds the article by it, orders it by it and reads it on the order', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL!;
  const own = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await login(page, origin, LEAD_BUYER);
  const buyer = await inviteBuyer(page, origin, 'links', 'Links');
  await switchUser(page, origin, buyer.username, INVITED_PASSWORD);
  await emptyCart(page, origin);

  // A link of the article left by an earlier run goes first: the company links an article to one number only.
  const earlier = await apiGet<{ elements: { id: string; productId: string }[] }>(
    page.request,
    origin,
    `werkbank/article-links?term=${SCREW}`,
  );
  for (const link of earlier.elements.filter((l) => l.productId === SCREW)) {
    await apiDelete(page.request, origin, `werkbank/article-links/${link.id}`);
  }

  // The link: the supplier's article number and the company's own.
  await page.goto('/en/account/articlelinks');
  const create = page.getByRole('button', { name: 'New article link' });
  await waitForHydrate(page, create);
  await create.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /Supplier article no/ }).fill(SCREW);
  await dialog.getByRole('textbox', { name: /Your article no/ }).fill(own);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Article link ${own} saved.` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(own) })).toContainText(SCREW);

  // The quick search finds the article by the own number and shows it; so does the search results page.
  await page.goto('/en/');
  const search = page.getByRole('combobox').first();
  await waitForHydrate(page, search);
  await search.fill(own.toLowerCase());
  const hit = page.getByRole('option').filter({ hasText: SCREW_NAME }).first();
  await expect(hit).toBeVisible();
  await expect(hit).toContainText(`Your article no. ${own}`);
  await search.press('Enter');
  await expect(page).toHaveURL(/\/en\/search\?query=/);
  await expect(page.getByRole('region', { name: new RegExp(`Found by your article no. ${own}`, 'i') })).toContainText(
    SCREW,
  );

  // The quick order form takes the own number.
  await page.goto('/en/quick-order');
  const paste = page.getByLabel('Paste from a spreadsheet');
  await waitForHydrate(page, paste);
  await paste.fill(`${own}\t50`);
  await page.getByRole('button', { name: 'Take over lines' }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('1 article was added to the cart.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Cart, 1 item/ })).toBeVisible();

  // Cart, order and the order's detail show the own number.
  await page.goto('/en/checkout');
  await expect(page.getByText(`Your art. no. ${own}`)).toBeVisible();
  const pickup = page.getByRole('radio', { name: 'Pickup' });
  await waitForHydrate(page, pickup);
  await pickup.check();
  await page.getByLabel(/pickup location/i).selectOption({ index: 1 });
  await page.getByRole('button', { name: /place binding order/i }).click();
  await expect(page).toHaveURL(/\/en\/checkout\/success\?orderNumber=\d+/);
  const orderNumber = new URL(page.url()).searchParams.get('orderNumber')!;

  await page.goto('/en/account/orders/shop');
  await page
    .getByRole('row', { name: new RegExp(orderNumber) })
    .getByRole('link', { name: orderNumber })
    .click();
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByText(`Your art. no. ${own}`)).toBeVisible();
});
