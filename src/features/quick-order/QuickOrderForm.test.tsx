import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import {
  ArticleLinkInfoRequestSchema,
  ArticleLinkInfoResponseSchema,
  type ArticleLinkInfoResponse,
} from '../../../contract/provider/article-link.ts';
import { islandMessages } from '../../i18n/translator.ts';
import { cartBody, cartError, productLine } from '../../lib/cart/testing/test-bodies.ts';
import { $customer, $sessionChecked } from '../../lib/session/session-store.ts';
import { accountCustomerBody } from '../../lib/session/testing/test-bodies.ts';
import QuickOrderForm, { QUICK_ORDER_MESSAGES, QUICK_ORDER_RIGHT } from './QuickOrderForm.tsx';

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(href: string) => void>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Products of the catalogue as `POST /product` answers them with the quick order's includes. */
const PRODUCTS = [
  {
    id: 'a'.repeat(32),
    productNumber: 'P-1000',
    ean: '4006381333931',
    name: 'Kombizange 180 mm',
    min: 1,
    step: 1,
    max: 500,
  },
  {
    id: 'b'.repeat(32),
    productNumber: 'S-2000',
    ean: '4006381333948',
    name: 'Spax 4 x 40',
    min: 10,
    step: 5,
    max: null,
  },
].map(({ min, step, max, name, ...product }) => ({
  ...product,
  parentId: null,
  name,
  translated: { name },
  minPurchase: min,
  purchaseSteps: step,
  maxPurchase: max,
  available: true,
  childCount: 0,
  apiAlias: 'product',
}));

interface Call {
  method: string | undefined;
  path: string;
  body: { items?: { id: string; quantity: number; remark?: string }[]; filter?: unknown[] } & Record<string, unknown>;
}
const calls = (path: string): Call[] =>
  fetchMock.mock.calls
    .map(([url, init]) => ({
      method: init?.method,
      path: new URL(String(url)).pathname.replace('/store-api/', ''),
      body: init?.body ? JSON.parse(String(init.body)) : {},
    }))
    .filter((call) => call.path === path);

/**
 * The Store API as the embedded backend answers: the customer with `rights`, products filtered by the criteria's
 * `equalsAny` values on productNumber or ean, and the cart after adding or changing lines.
 */
function storeApi(rights: string[]) {
  let cartLines: ReturnType<typeof productLine>[] = [];
  // Every answer is the cart as recalculated: a line above the stock of 100 carries the stock warning.
  const calculated = () =>
    cartBody(
      cartLines,
      cartLines
        .filter((line) => line.quantity > 100)
        .map((line) => cartError('product-stock-reached', 10, { id: line.id, quantity: 100 })),
    );
  fetchMock.mockImplementation(async (url, init) => {
    const path = new URL(String(url)).pathname.replace('/store-api/', '');
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    if (path === 'account/customer') return json(accountCustomerBody(rights));
    if (path === 'product') {
      const values: string[] = body.filter[0].queries.flatMap((query: { value: string }) => query.value.split('|'));
      const elements = PRODUCTS.filter((p) => values.includes(p.productNumber) || values.includes(p.ean));
      return json({ entity: 'product', total: elements.length, aggregations: [], page: 1, limit: 500, elements });
    }
    if (path === 'werkbank/article-links/info') {
      // The company's own numbers: BP-PLIERS names P-1000 (backend/store-api/article-link: keyed as asked).
      const links: Record<string, string> = { 'BP-PLIERS': 'P-1000' };
      const asked: string[] = body.customerSkus ?? [];
      return json(
        v.parse(ArticleLinkInfoResponseSchema, {
          customerSkus: {},
          productNumbers: Object.fromEntries(asked.filter((sku) => links[sku]).map((sku) => [sku, links[sku]!])),
        } satisfies ArticleLinkInfoResponse),
      );
    }
    if (path === 'search-suggest') {
      const elements = PRODUCTS.filter((p) => p.productNumber.startsWith(body.search.toUpperCase()));
      return json({
        elements,
        total: elements.length,
        aggregations: [],
        page: 1,
        limit: 5,
        apiAlias: 'product_listing',
      });
    }
    if (path === 'checkout/cart/line-item' && init?.method === 'POST') {
      cartLines = body.items.map((item: { id: string; quantity: number }) => {
        const product = PRODUCTS.find((p) => p.id === item.id)!;
        return productLine(item.id, product.productNumber, product.name, item.quantity, 2);
      });
      return json(calculated());
    }
    if (path === 'checkout/cart/line-item' && init?.method === 'PATCH') {
      for (const item of body.items) {
        const line = cartLines.find((l) => l.id === item.id)!;
        line.payload.customFields.order_detail_text = item.payload.customFields.order_detail_text;
      }
      return json(calculated());
    }
    return json(
      { errors: [{ status: '404', code: 'FRAMEWORK__ROUTE_NOT_FOUND', title: 'Not Found', detail: '' }] },
      404,
    );
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'wb-logged-in=1; path=/';
});
afterEach(() => {
  document.cookie = 'wb-logged-in=; path=/; max-age=0';
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  navigate.mockReset();
  $customer.set(null);
  $sessionChecked.set(false);
});

const renderForm = () =>
  render(<QuickOrderForm i18n={islandMessages('en-GB', QUICK_ORDER_MESSAGES)} prefix="/en" navigate={navigate} />);
const articleField = (row: number) => screen.getByRole('combobox', { name: `Row ${row}: Article number or EAN` });
const quantityField = (row: number) => screen.getByRole('textbox', { name: `Row ${row}: Quantity` });
const resultRows = () =>
  within(screen.getByRole('table', { name: /Rows not added/ }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

test('tells a buyer without the quick order right that the right is missing', async () => {
  storeApi(['ROLE_PLACE_ORDERS']);
  renderForm();
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Your user account does not have the right to use the quick order.',
  );
  expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
});

test('sends an anonymous visitor to the login page and back', async () => {
  document.cookie = 'wb-logged-in=; path=/; max-age=0';
  renderForm();
  await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/en/auth?redirect=%2Fen%2Fquick-order'));
  expect(fetchMock).not.toHaveBeenCalled();
});

test('pasted spreadsheet lines fill the rows; valid rows go into the cart in one call, an off-step row stays with its suggestion', async () => {
  storeApi([QUICK_ORDER_RIGHT]);
  const user = userEvent.setup();
  renderForm();
  await user.click(await screen.findByRole('combobox', { name: 'Row 1: Article number or EAN' }));
  await user.paste('P-1000\t5\n4006381333948\t12\n');
  expect(articleField(1)).toHaveValue('P-1000');
  expect(quantityField(1)).toHaveValue('5');
  expect(articleField(2)).toHaveValue('4006381333948');
  expect(quantityField(2)).toHaveValue('12');
  expect(screen.getByRole('status')).toHaveTextContent('2 lines taken over.');

  await user.click(screen.getByRole('button', { name: 'Add to cart' }));
  expect(await screen.findByText('1 article was added to the cart.')).toBeInTheDocument();
  expect(calls('checkout/cart/line-item')).toEqual([
    {
      method: 'POST',
      path: 'checkout/cart/line-item',
      body: { items: [{ id: 'a'.repeat(32), referencedId: 'a'.repeat(32), type: 'product', quantity: 5 }] },
    },
  ]);
  expect(resultRows()).toEqual([['2', '4006381333948 × 12', 'Can only be ordered in steps of 5 from 10.', 'Use 10']]);
  // Only the rejected row stays in the form, with its reason.
  expect(articleField(1)).toHaveValue('4006381333948');
  expect(screen.queryByRole('combobox', { name: 'Row 2: Article number or EAN' })).not.toBeInTheDocument();
  expect(articleField(1)).toHaveAccessibleDescription('Can only be ordered in steps of 5 from 10.');

  await user.click(screen.getByRole('button', { name: 'Use 10' }));
  expect(quantityField(1)).toHaveValue('10');
});

test('reports unknown numbers row by row and adds the known ones', async () => {
  storeApi([QUICK_ORDER_RIGHT]);
  const user = userEvent.setup();
  renderForm();
  await user.type(await screen.findByRole('combobox', { name: 'Row 1: Article number or EAN' }), 'X-9');
  await user.type(quantityField(1), '1');
  await user.type(articleField(2), 'p-1000');
  await user.type(quantityField(2), '2');
  await user.type(articleField(3), 'Y-8');
  await user.type(quantityField(3), '3');
  await user.click(screen.getByRole('button', { name: 'Add to cart' }));

  expect(await screen.findByText('1 article was added to the cart.')).toBeInTheDocument();
  expect(resultRows()).toEqual([
    ['1', 'X-9 × 1', 'No article with this number or EAN.', ''],
    ['3', 'Y-8 × 3', 'No article with this number or EAN.', ''],
  ]);
  expect(calls('checkout/cart/line-item').map((call) => call.body.items)).toEqual([
    [{ id: 'a'.repeat(32), referencedId: 'a'.repeat(32), type: 'product', quantity: 2 }],
  ]);
  expect(calls('product')).toHaveLength(1);
});

test('with ROLE_MANAGE_ARTICLE_LINKS a number found neither as article number nor EAN is resolved as the own article number', async () => {
  storeApi([QUICK_ORDER_RIGHT, 'ROLE_MANAGE_ARTICLE_LINKS']);
  const user = userEvent.setup();
  renderForm();
  await user.type(await screen.findByRole('combobox', { name: 'Row 1: Article number or EAN' }), 'BP-PLIERS');
  await user.type(quantityField(1), '3');
  await user.type(articleField(2), 'X-9');
  await user.type(quantityField(2), '1');
  await user.click(screen.getByRole('button', { name: 'Add to cart' }));

  expect(await screen.findByText('1 article was added to the cart.')).toBeInTheDocument();
  const info = calls('werkbank/article-links/info');
  expect(info).toHaveLength(1);
  expect(v.safeParse(ArticleLinkInfoRequestSchema, info[0]!.body).success).toBe(true);
  expect(info[0]!.body).toEqual({ productIds: [], customerSkus: ['BP-PLIERS', 'X-9'] });
  expect(calls('checkout/cart/line-item').map((call) => call.body.items)).toEqual([
    [{ id: 'a'.repeat(32), referencedId: 'a'.repeat(32), type: 'product', quantity: 3 }],
  ]);
  // The report names every line: the one found by the own number and the one not found.
  expect(screen.getByText('Row 1: your article no. BP-PLIERS is article P-1000')).toBeInTheDocument();
  expect(resultRows()).toEqual([['2', 'X-9 × 1', 'No article with this number or EAN.', '']]);
});

test('without ROLE_MANAGE_ARTICLE_LINKS no own article number is looked up', async () => {
  storeApi([QUICK_ORDER_RIGHT]);
  const user = userEvent.setup();
  renderForm();
  await user.type(await screen.findByRole('combobox', { name: 'Row 1: Article number or EAN' }), 'BP-PLIERS');
  await user.type(quantityField(1), '3');
  await user.click(screen.getByRole('button', { name: 'Add to cart' }));
  expect(await screen.findByText('No article was added to the cart.')).toBeInTheDocument();
  expect(resultRows()).toEqual([['1', 'BP-PLIERS × 3', 'No article with this number or EAN.', '']]);
  expect(calls('werkbank/article-links/info')).toEqual([]);
});

test('adds nothing while no row is valid, and says so', async () => {
  storeApi([QUICK_ORDER_RIGHT]);
  const user = userEvent.setup();
  renderForm();
  await user.type(await screen.findByRole('combobox', { name: 'Row 1: Article number or EAN' }), 'S-2000');
  await user.type(quantityField(1), '7');
  await user.click(screen.getByRole('button', { name: 'Add to cart' }));
  expect(await screen.findByText('No article was added to the cart.')).toBeInTheDocument();
  expect(resultRows()).toEqual([['1', 'S-2000 × 7', 'The minimum order quantity is 10.', 'Use 10']]);
  expect(calls('checkout/cart/line-item')).toEqual([]);
});

test('reads an uploaded semicolon CSV with a heading row and writes its remarks to the cart lines', async () => {
  storeApi([QUICK_ORDER_RIGHT]);
  const user = userEvent.setup();
  renderForm();
  const csv = 'Artikelnummer;Menge;Bemerkung\nP-1000;150;Halle 3\nS-2000;15;\n';
  await user.upload(
    await screen.findByLabelText('Upload a CSV file'),
    new File([csv], 'order.csv', { type: 'text/csv' }),
  );
  await vi.waitFor(() =>
    expect(screen.getByRole('status')).toHaveTextContent(
      '2 lines taken over. The first line was read as column headings and left out.',
    ),
  );
  expect(articleField(1)).toHaveValue('P-1000');
  expect(quantityField(2)).toHaveValue('15');
  expect(screen.getByText('Remark: Halle 3')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Add to cart' }));
  expect(await screen.findByText('2 articles were added to the cart.')).toBeInTheDocument();
  const [add, remark] = calls('checkout/cart/line-item');
  expect(add!.body.items!.map(({ id, quantity }) => [id, quantity])).toEqual([
    ['a'.repeat(32), 150],
    ['b'.repeat(32), 15],
  ]);
  expect(remark).toMatchObject({
    method: 'PATCH',
    body: {
      items: [{ id: 'a'.repeat(32), quantity: 150, payload: { customFields: { order_detail_text: 'Halle 3' } } }],
    },
  });
  // The cart's warning on an added line is shown with its row.
  expect(screen.getByRole('heading', { name: 'Notes from the cart' })).toBeInTheDocument();
  expect(
    screen.getByText('Row 1: P-1000 × 150: not all of it is in stock; the rest will be delivered later.'),
  ).toBeInTheDocument();
});

test('reads a comma CSV without a heading row', async () => {
  storeApi([QUICK_ORDER_RIGHT]);
  const user = userEvent.setup();
  renderForm();
  const csv = 'P-1000,"2,5"\n4006381333948,20\n';
  await user.upload(
    await screen.findByLabelText('Upload a CSV file'),
    new File([csv], 'order.csv', { type: 'text/csv' }),
  );
  await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 lines taken over.'));
  expect(quantityField(1)).toHaveValue('2,5');
  expect(articleField(2)).toHaveValue('4006381333948');
  expect(screen.queryByRole('combobox', { name: 'Row 3: Article number or EAN' })).not.toBeInTheDocument();
});

test('takes lines over from the paste box and suggests article numbers while typing', async () => {
  storeApi([QUICK_ORDER_RIGHT]);
  const user = userEvent.setup();
  renderForm();
  await user.click(await screen.findByLabelText('Paste from a spreadsheet'));
  await user.paste('S-2000;20\nP-1000;1');
  await user.click(screen.getByRole('button', { name: 'Take over lines' }));
  expect(articleField(1)).toHaveValue('S-2000');
  expect(articleField(2)).toHaveValue('P-1000');

  await user.click(screen.getByRole('button', { name: 'Add row' }));
  await user.type(articleField(3), 'p-10');
  const option = await screen.findByRole('option', { name: 'P-1000 Kombizange 180 mm' });
  await user.click(option);
  expect(articleField(3)).toHaveValue('P-1000');
  expect(quantityField(3)).toHaveFocus();
  expect(calls('search-suggest').at(-1)!.body).toMatchObject({ search: 'p-10', limit: 5 });
});
