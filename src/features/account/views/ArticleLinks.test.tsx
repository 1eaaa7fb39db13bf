import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import {
  ARTICLE_LINK_IMPORT_MAX_BYTES,
  ArticleLinkImportResponseSchema,
  ArticleLinkListResponseSchema,
  ArticleLinkRequestSchema,
  ArticleLinkSchema,
  type ArticleLink,
  type ArticleLinkImportResponse,
  type ArticleLinkListResponse,
} from '../../../../contract/provider/article-link.ts';
import type { StoreApiErrorEnvelope } from '../../../../contract/errors.ts';
import { testId } from '../testing/spending-test-bodies.ts';
import { bodyOf, fetchMock, json, providerCalls, renderAccount, setUpBrowserTests } from '../testing/test-render.tsx';
import { providerBase } from '../../../testing/test-browser.ts';

const RIGHTS = ['ROLE_MANAGE_ARTICLE_LINKS'];

/** One link as the server answers it. */
function linkBody(overrides: Partial<ArticleLink> = {}): ArticleLink {
  return v.parse(ArticleLinkSchema, {
    id: testId(40),
    productId: 'SW-10001',
    customerSku: 'BP-DRILL',
    product: { id: testId(700), name: 'Cordless drill 18 V', url: '/cordless-drill-18-v/SW-10001', cover: null },
    createdAt: '2026-11-20T09:30:00.000Z',
    updatedAt: null,
    apiAlias: 'article_link',
    ...overrides,
  } satisfies ArticleLink);
}

const listBody = (elements: ArticleLink[], total = elements.length): ArticleLinkListResponse =>
  v.parse(ArticleLinkListResponseSchema, {
    elements,
    total,
    page: 1,
    limit: 25,
  } satisfies ArticleLinkListResponse);

const importBody: ArticleLinkImportResponse = v.parse(ArticleLinkImportResponseSchema, {
  rows: [
    { line: 2, productId: 'SW-10001', customerSku: 'BP-DRILL', result: 'unchanged', error: null },
    { line: 3, productId: 'SW-10002', customerSku: 'BP-SAW', result: 'created', error: null },
    {
      line: 4,
      productId: 'SW-10003',
      customerSku: 'BP-DRILL',
      result: 'error',
      error: { code: 'CUSTOMER_SKU_NOT_UNIQUE', field: 'customerSku' },
    },
    {
      line: 5,
      productId: 'NOPE-1',
      customerSku: 'BP-X',
      result: 'error',
      error: { code: 'PRODUCT_ID_NOT_FOUND', field: 'productId' },
    },
    {
      line: 6,
      productId: 'SW-10004',
      customerSku: '',
      result: 'error',
      error: { code: 'IS_BLANK_ERROR', field: 'customerSku' },
    },
  ],
  created: 1,
  updated: 0,
  unchanged: 1,
  errors: 3,
} satisfies ArticleLinkImportResponse);

const skuInUse = {
  errors: [
    {
      status: '400',
      code: 'CUSTOMER_SKU_NOT_UNIQUE',
      title: 'Bad Request',
      detail: 'The customer article number is already used.',
      source: { pointer: '/customerSku' },
    },
  ],
} satisfies StoreApiErrorEnvelope;

setUpBrowserTests({ loggedIn: false });

/** Answers the screen's calls like the backend; `write` answers create and change. */
function serve(write: () => Response = () => json(linkBody())) {
  fetchMock.mockImplementation((url, init) => {
    const path = new URL(String(url)).pathname.replace(`${providerBase()}`, '');
    const method = init?.method ?? 'GET';
    if (path === '/article-links' && method === 'GET') return Promise.resolve(json(listBody([linkBody()], 60)));
    if (path === '/article-links' && method === 'POST') return Promise.resolve(write());
    if (path === '/article-links/import' && method === 'POST') return Promise.resolve(json(importBody));
    if (path.startsWith('/article-links/') && method === 'PUT') return Promise.resolve(write());
    if (path.startsWith('/article-links/') && method === 'DELETE')
      return Promise.resolve(new Response(null, { status: 204 }));
    return Promise.resolve(json({ errors: [{ status: '404', code: 'NOT_FOUND', title: 'Not Found' }] }, 404));
  });
}

/** The text of a sent file (jsdom's Blob has no `text()`). */
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });

/** The query parameters of the list calls, in order. */
const listQueries = () =>
  providerCalls('/article-links', 'GET').map(([url]) => Object.fromEntries(new URL(String(url)).searchParams));

describe('article links', () => {
  test('the list reads term, sort and page from the query string and a new search goes into it', async () => {
    serve();
    const router = renderAccount('/account/articlelinks?term=drill&sort=name&order=desc&page=2', RIGHTS);
    const row = (await screen.findByRole('link', { name: 'Cordless drill 18 V' })).closest('tr')!;
    expect(within(row).getByText('BP-DRILL')).toBeInTheDocument();
    expect(within(row).getByText('SW-10001')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cordless drill 18 V' })).toHaveAttribute(
      'href',
      '/cordless-drill-18-v/SW-10001',
    );
    expect(listQueries()[0]).toEqual({ term: 'drill', sort: 'name', order: 'desc', page: '2', limit: '25' });
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Article/ })).toHaveAttribute('aria-sort', 'descending');

    const search = screen.getByRole('searchbox', { name: 'Search by number or article name' });
    expect(search).toHaveValue('drill');
    await userEvent.clear(search);
    await userEvent.type(search, 'saw');
    await waitFor(() => expect(router.state.location.search).toContain('term=saw'));
    expect(router.state.location.search).not.toContain('page=');
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ term: 'saw', page: '1' }));

    await userEvent.click(screen.getByRole('button', { name: /Your article no\./ }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=customerSku'));
    expect(router.state.location.search).toContain('order=asc');
  });

  test('a customer number in use is shown at its field in the dialog', async () => {
    serve(() => json(skuInUse, 400));
    renderAccount('/account/articlelinks', RIGHTS);
    await screen.findByText('BP-DRILL');
    await userEvent.click(screen.getByRole('button', { name: 'New article link' }));
    const dialog = screen.getByRole('dialog', { name: 'New article link' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Supplier article no\./ }), ' SW-10002 ');
    const own = within(dialog).getByRole('textbox', { name: /Your article no\./ });
    await userEvent.type(own, 'BP-DRILL');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(own).toHaveAccessibleDescription('This article number of yours is already used for another article.'),
    );
    const body = bodyOf(providerCalls('/article-links', 'POST')[0]);
    expect(v.safeParse(ArticleLinkRequestSchema, body).success).toBe(true);
    expect(body).toEqual({ productId: 'SW-10002', customerSku: 'BP-DRILL' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  test('edit sends PUT with both numbers; delete asks first', async () => {
    serve();
    renderAccount('/account/articlelinks', RIGHTS);
    await screen.findByText('BP-DRILL');
    await userEvent.click(screen.getByRole('button', { name: 'Edit BP-DRILL' }));
    const own = within(screen.getByRole('dialog')).getByRole('textbox', { name: /Your article no\./ });
    expect(own).toHaveValue('BP-DRILL');
    await userEvent.clear(own);
    await userEvent.type(own, 'BP-DRILL-2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Article link BP-DRILL-2 saved.')).toBeInTheDocument();
    expect(bodyOf(providerCalls(`/article-links/${testId(40)}`, 'PUT')[0])).toEqual({
      productId: 'SW-10001',
      customerSku: 'BP-DRILL-2',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Delete BP-DRILL' }));
    expect(providerCalls(`/article-links/${testId(40)}`, 'DELETE')).toHaveLength(0);
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Article link BP-DRILL deleted.')).toBeInTheDocument();
    expect(providerCalls(`/article-links/${testId(40)}`, 'DELETE')).toHaveLength(1);
  });

  test('the import sends the file as text/csv and reports every row with its translated error', async () => {
    serve();
    renderAccount('/account/articlelinks', RIGHTS);
    await screen.findByText('BP-DRILL');
    const csv = 'productId;customerSku\nSW-10001;BP-DRILL\n';
    await userEvent.upload(screen.getByLabelText('Import CSV'), new File([csv], 'links.csv', { type: 'text/csv' }));
    const [report] = await screen.findAllByRole('region', { name: 'Import report' });
    if (!report) throw new Error('no report');
    const call = providerCalls('/article-links/import', 'POST')[0]!;
    expect(new Headers(call[1]?.headers).get('content-type')).toBe('text/csv');
    expect(await readBlob(call[1]?.body as Blob)).toBe(csv);
    expect(within(report).getByText('Created: 1 · updated: 0 · unchanged: 1 · errors: 3')).toBeInTheDocument();
    const rows = within(report).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['2', 'SW-10001', 'BP-DRILL', 'Unchanged', ''],
      ['3', 'SW-10002', 'BP-SAW', 'Created', ''],
      [
        '4',
        'SW-10003',
        'BP-DRILL',
        'Not saved',
        'Your article no.: This article number of yours is already used for another article.',
      ],
      [
        '5',
        'NOPE-1',
        'BP-X',
        'Not saved',
        'Supplier article no.: There is no article with this supplier article number.',
      ],
      ['6', 'SW-10004', '', 'Not saved', 'Your article no.: This field is empty.'],
    ]);
  });

  test('a file above 2 MiB is refused before any upload', async () => {
    serve();
    renderAccount('/account/articlelinks', RIGHTS);
    await screen.findByText('BP-DRILL');
    const big = new File(['x'.repeat(ARTICLE_LINK_IMPORT_MAX_BYTES + 1)], 'big.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('Import CSV'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 2 MB.');
    expect(providerCalls('/article-links/import', 'POST')).toHaveLength(0);
  });
});
