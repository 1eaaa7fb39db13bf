import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { PLACEHOLDER_IMAGE } from '../../../lib/product-image.ts';
import {
  OrderListCreateRequestSchema,
  OrderListItemsDeleteRequestSchema,
  OrderListItemsRequestSchema,
  OrderListPatchRequestSchema,
  type OrderListDetail,
} from '../../../../contract/provider/order-list.ts';
import { OfferDetailSchema, OfferRequestSchema } from '../../../../contract/provider/erp.ts';
import { cartBody, cartError, productLine } from '../../../lib/cart/testing/test-bodies.ts';
import {
  listTestId,
  orderListDetailBody,
  orderListItemBody,
  orderListListBody,
  orderListSummaryBody,
} from '../../../lib/order-list/testing/test-bodies.ts';
import { bodyOf, fetchMock, json, providerCalls, renderAccount, setUpBrowserTests } from '../testing/test-render.tsx';
import { providerBase } from '../../../testing/test-browser.ts';

const RIGHTS = ['ROLE_MANAGE_ORDER_LISTS'];
const LIST_ID = listTestId(10);
const NEW_LIST_ID = listTestId(11);
const TAG_SITE = { id: listTestId(50), name: 'Site A' };
const TAG_WORKSHOP = { id: listTestId(51), name: 'Workshop' };

const drill = orderListItemBody();
const gloves = orderListItemBody({
  productId: listTestId(701),
  productNumber: 'G-100',
  customerArticleNumber: 'OUR-77',
  name: 'Work gloves',
  quantity: 20,
  minPurchase: 10,
  purchaseSteps: 10,
  packUnit: 'PR',
  unitPrice: 2.5,
  totalPrice: 50,
  ecotax: 0.1,
  stock: 5,
});

setUpBrowserTests();

const notFound = () => json({ errors: [{ status: '404', code: 'NOT_FOUND', title: 'Not Found' }] }, 404);

/**
 * Answers the order list calls like the backend: the list endpoint, one list (`detail`, replaced by what a write
 * answers), the cart's add call (`cart`) and the offer request. A create (or duplicate) answers the new list
 * `NEW_LIST_ID` with the sent name and owner type, and that list is readable afterwards, as on the server: the detail
 * page the create opens must not meet a 404 (which sends it back to the lists).
 */
function serve(
  detail: OrderListDetail,
  options: { write?: (method: string, path: string) => OrderListDetail; cart?: () => unknown } = {},
) {
  let current = detail;
  let created: OrderListDetail | null = null;
  fetchMock.mockImplementation((url, init) => {
    const { pathname } = new URL(String(url));
    const method = init?.method ?? 'GET';
    const path = pathname.replace(`${providerBase()}`, '');
    if (pathname === '/store-api/checkout/cart/line-item' && options.cart) return Promise.resolve(json(options.cart()));
    if (path === '/order/list' && method === 'GET')
      return Promise.resolve(
        json(orderListListBody([orderListSummaryBody({ tags: [TAG_SITE] })], [TAG_SITE, TAG_WORKSHOP])),
      );
    if (path === '/order/list' && method === 'POST') {
      const request = v.parse(OrderListCreateRequestSchema, JSON.parse(String(init?.body)));
      created = orderListDetailBody({ id: NEW_LIST_ID, name: request.name, ownerType: request.ownerType });
      return Promise.resolve(json(created));
    }
    if (created && path === `/order/list/${NEW_LIST_ID}` && method === 'GET') return Promise.resolve(json(created));
    if (path === `/order/list/${LIST_ID}` && method === 'GET') return Promise.resolve(json(current));
    if (path === `/order/list/${LIST_ID}` && method === 'DELETE')
      return Promise.resolve(new Response(null, { status: 204 }));
    if (path.startsWith(`/order/list/${LIST_ID}`) && options.write) {
      current = options.write(method, path);
      return Promise.resolve(json(current));
    }
    if (path === '/offer/request')
      return Promise.resolve(
        json(
          v.parse(OfferDetailSchema, {
            offerNumber: 'AN-4100',
            offerDate: '2026-11-25',
            status: 'open',
            clientReference: null,
            validUntil: null,
            lineCount: 1,
            totalPrice: null,
            documentLink: null,
            comment: null,
            requestedAt: '2026-11-25T08:00:00.000Z',
            processedAt: null,
            lines: [],
          }),
        ),
      );
    return Promise.resolve(notFound());
  });
}

describe('order lists', () => {
  test('the list shows its columns; search, privacy and tag filters go into the query string and the call', async () => {
    serve(orderListDetailBody());
    const router = renderAccount('/account/orderlist?ownerType=company', RIGHTS);
    const row = (await screen.findByRole('link', { name: 'Workshop refill' })).closest('tr')!;
    expect(within(row).getByText('Private')).toBeInTheDocument();
    expect(within(row).getByText('Anna Maes')).toBeInTheDocument();
    expect(within(row).getByText('€500.00')).toBeInTheDocument();
    expect(within(row).getByText('Site A')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Privacy' })).toHaveValue('company');
    expect(new URL(String(providerCalls('/order/list', 'GET')[0]![0])).searchParams.get('ownerType')).toBe('company');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Workshop' }));
    await waitFor(() => expect(router.state.location.search).toContain(`tagIds=${TAG_WORKSHOP.id}`));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'refill');
    await waitFor(() => expect(router.state.location.search).toContain('term=refill'), { timeout: 2000 });
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('ownerType')).toBe('company');
    expect(params.get('tagIds')).toBe(TAG_WORKSHOP.id);
    await waitFor(() => {
      const last = new URL(String(providerCalls('/order/list', 'GET').at(-1)![0])).searchParams;
      expect(Object.fromEntries(last)).toMatchObject({ term: 'refill', ownerType: 'company', tagIds: TAG_WORKSHOP.id });
    });
  });

  test('create sends the name, shared and the tags, then opens the new list', async () => {
    serve(orderListDetailBody());
    const router = renderAccount('/account/orderlist/create', RIGHTS);
    await userEvent.click(await screen.findByRole('button', { name: 'Create list' }));
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription('This field is required');
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), ' Site A stock ');
    await userEvent.click(screen.getByRole('radio', { name: 'Shared with my company' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Tags/ }), 'Site A, hall 3, site a');
    await userEvent.click(screen.getByRole('button', { name: 'Create list' }));
    expect(await screen.findByRole('heading', { name: 'Site A stock' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/account/orderlist/details/${NEW_LIST_ID}`);
    expect(screen.getByText('Order list Site A stock created.')).toBeInTheDocument();
    const body = bodyOf(providerCalls('/order/list', 'POST')[0]);
    expect(v.safeParse(OrderListCreateRequestSchema, body).success).toBe(true);
    expect(body).toEqual({ name: 'Site A stock', ownerType: 'company', tags: ['Site A', 'hall 3'] });
  });

  test('the detail shows the items; quantity, removal, a new article and rename send the right requests', async () => {
    const detail = orderListDetailBody({ items: [drill, gloves] });
    serve(detail, {
      write: (method, path) => {
        if (path.endsWith('/items') && method === 'POST')
          return { ...detail, items: [drill, { ...gloves, quantity: 30 }] };
        if (path.endsWith('/items') && method === 'DELETE') return orderListDetailBody({ items: [gloves] });
        return orderListDetailBody({
          items: [drill, gloves],
          name: 'Hall 3 refill',
          updatedAt: '2026-11-03T08:00:00.000Z',
        });
      },
    });
    renderAccount(`/account/orderlist/details/${LIST_ID}`, RIGHTS);
    const table = await screen.findByRole('region', { name: 'Articles' });
    const glovesRow = within(table).getByText('Work gloves').closest('tr')!;
    expect(within(glovesRow).getByText('OUR-77')).toBeInTheDocument();
    expect(within(glovesRow).getByText('G-100')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Cordless drill' })).toHaveAttribute(
      'href',
      '/cordless-drill/D-2000',
    );
    expect(within(glovesRow).getByText('€0.10')).toBeInTheDocument();

    // 25 is off the step grid of 10: refused at the field, nothing sent.
    const quantity = within(glovesRow).getByRole('textbox', { name: 'Quantity of Work gloves' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '25{Enter}');
    expect(quantity).toHaveAccessibleDescription('At least 10, in steps of 10');
    expect(providerCalls(`/order/list/${LIST_ID}/items`, 'POST')).toHaveLength(0);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '30{Enter}');
    await waitFor(() => expect(providerCalls(`/order/list/${LIST_ID}/items`, 'POST')).toHaveLength(1));
    const setBody = bodyOf(providerCalls(`/order/list/${LIST_ID}/items`, 'POST')[0]);
    expect(v.safeParse(OrderListItemsRequestSchema, setBody).success).toBe(true);
    expect(setBody).toEqual({ items: [{ productId: gloves.productId, quantity: 30 }], mode: 'set' });

    await userEvent.type(screen.getByRole('textbox', { name: 'Article number' }), 'S-300');
    const amount = screen.getByRole('textbox', { name: 'Quantity' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '4');
    await userEvent.click(screen.getByRole('button', { name: 'Add article' }));
    await waitFor(() => expect(providerCalls(`/order/list/${LIST_ID}/items`, 'POST')).toHaveLength(2));
    expect(bodyOf(providerCalls(`/order/list/${LIST_ID}/items`, 'POST')[1])).toEqual({
      items: [{ productNumber: 'S-300', quantity: 4 }],
      mode: 'add',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Remove Cordless drill from the list' }));
    await waitFor(() => expect(providerCalls(`/order/list/${LIST_ID}/items`, 'DELETE')).toHaveLength(1));
    const deleteBody = bodyOf(providerCalls(`/order/list/${LIST_ID}/items`, 'DELETE')[0]);
    expect(v.safeParse(OrderListItemsDeleteRequestSchema, deleteBody).success).toBe(true);
    expect(deleteBody).toEqual({ productIds: [drill.productId] });
    await waitFor(() => expect(within(table).queryByText('Cordless drill')).not.toBeInTheDocument());

    const name = screen.getByRole('textbox', { name: /^Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Hall 3 refill');
    await userEvent.click(screen.getByRole('radio', { name: 'Shared with my company' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(providerCalls(`/order/list/${LIST_ID}`, 'PATCH')).toHaveLength(1));
    const patch = bodyOf(providerCalls(`/order/list/${LIST_ID}`, 'PATCH')[0]);
    expect(v.safeParse(OrderListPatchRequestSchema, patch).success).toBe(true);
    expect(patch).toEqual({ name: 'Hall 3 refill', ownerType: 'company' });
    expect(await screen.findByRole('heading', { name: 'Hall 3 refill' })).toBeInTheDocument();
  });

  test('each item shows its cover in the sizes the row uses, an item without one the placeholder', async () => {
    const hash = 'a'.repeat(64);
    const thumb = (size: number) => ({
      url: `/media/${hash}/${size}x${size}.jpg`,
      width: size,
      height: size,
      extensions: {
        formats: { avif: `/media/${hash}/${size}x${size}.avif`, webp: `/media/${hash}/${size}x${size}.webp` },
      },
    });
    const cover = {
      url: `/media/${hash}/800x800.jpg`,
      metaData: { width: 800, height: 800 },
      thumbnails: [96, 192, 400, 800].map(thumb),
    };
    serve(orderListDetailBody({ items: [{ ...drill, cover }, gloves] }));
    renderAccount(`/account/orderlist/details/${LIST_ID}`, RIGHTS);
    const table = await screen.findByRole('region', { name: 'Articles' });
    const drillImage = within(table).getByRole('link', { name: 'Cordless drill' }).closest('tr')!.querySelector('img')!;
    // Only thumbnails a 48 px box can use (up to 96 px for dense screens), AVIF and WebP offered first.
    expect(drillImage.getAttribute('srcset')).toBe(`/media/${hash}/96x96.jpg 96w`);
    const sources = [...drillImage.closest('picture')!.querySelectorAll('source')].map((s) => s.getAttribute('type'));
    expect(sources).toEqual(['image/avif', 'image/webp']);
    const glovesImage = within(table).getByText('Work gloves').closest('tr')!.querySelector('img')!;
    expect(glovesImage.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
  });

  test('a colleague’s shared list offers no way to make it private', async () => {
    serve(
      orderListDetailBody({
        ownerType: 'company',
        isOwner: false,
        createdBy: { id: listTestId(901), firstName: 'Jan', lastName: 'Peeters' },
      }),
    );
    renderAccount(`/account/orderlist/details/${LIST_ID}`, RIGHTS);
    expect(await screen.findByText(/Only Jan Peeters, who created it, can make it private/)).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Private (only me)' })).not.toBeInTheDocument();
  });

  test('add all to cart names every item the cart refused with the cart’s message', async () => {
    const cable = orderListItemBody({
      productId: listTestId(702),
      productNumber: 'C-1',
      name: 'Cable',
      available: false,
    });
    serve(orderListDetailBody({ items: [drill, gloves, cable] }), {
      cart: () =>
        cartBody(
          [productLine(drill.productId, 'D-2000', 'Cordless drill', 10, 50)],
          [cartError('product-stock-reached', 20, { id: gloves.productId, name: 'Work gloves' })],
        ),
    });
    renderAccount(`/account/orderlist/details/${LIST_ID}`, RIGHTS);
    await userEvent.click(await screen.findByRole('button', { name: 'Add all to cart' }));
    const alert = await screen.findByText('2 articles could not be added to the cart:');
    const box = alert.closest('[role="alert"]') as HTMLElement;
    expect(within(box).getByText(/Work gloves: not enough in stock for this quantity\./)).toBeInTheDocument();
    expect(within(box).getByText(/Cable \(C-1\)/).parentElement).toHaveTextContent('No longer available');
    expect(within(box).queryByText(/Cordless drill/)).not.toBeInTheDocument();
    const sent = JSON.parse(
      String(fetchMock.mock.calls.find(([u]) => String(u).includes('/checkout/cart/line-item'))![1]!.body),
    );
    expect(sent.items).toEqual([
      { type: 'product', id: drill.productId, referencedId: drill.productId, quantity: 10 },
      { type: 'product', id: gloves.productId, referencedId: gloves.productId, quantity: 20 },
    ]);
    expect(await screen.findByText('1 article added to the cart.')).toBeInTheDocument();
  });

  test('duplicate copies by source list; delete asks first; an offer is asked for the list', async () => {
    serve(orderListDetailBody());
    const router = renderAccount(`/account/orderlist/details/${LIST_ID}`, [...RIGHTS, 'ROLE_REQUEST_OFFER']);
    await userEvent.click(await screen.findByRole('button', { name: 'Request an offer' }));
    const offerDialog = screen.getByRole('dialog');
    await userEvent.click(within(offerDialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(providerCalls('/offer/request', 'POST')).toHaveLength(1));
    const offer = bodyOf(providerCalls('/offer/request', 'POST')[0]);
    expect(v.safeParse(OfferRequestSchema, offer).success).toBe(true);
    expect(offer).toMatchObject({ orderListId: LIST_ID });

    await userEvent.click(screen.getByRole('button', { name: 'Delete list' }));
    const confirm = screen.getByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(providerCalls(`/order/list/${LIST_ID}`, 'DELETE')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Duplicate' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Copy of Workshop refill');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByRole('heading', { name: 'Copy of Workshop refill' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/account/orderlist/details/${NEW_LIST_ID}`);
    expect(bodyOf(providerCalls('/order/list', 'POST')[0])).toEqual({
      name: 'Copy of Workshop refill',
      ownerType: 'user',
      sourceListId: LIST_ID,
    });
  });

  test('delete after the confirmation goes back to the lists', async () => {
    serve(orderListDetailBody());
    const router = renderAccount(`/account/orderlist/details/${LIST_ID}`, RIGHTS);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete list' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/orderlist'));
    expect(providerCalls(`/order/list/${LIST_ID}`, 'DELETE')).toHaveLength(1);
    expect(await screen.findByText('Order list Workshop refill deleted.')).toBeInTheDocument();
  });
});
