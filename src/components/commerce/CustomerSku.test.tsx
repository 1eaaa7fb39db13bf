import { cleanup, render, screen } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import {
  ArticleLinkInfoRequestSchema,
  ArticleLinkInfoResponseSchema,
  type ArticleLinkInfoResponse,
} from '../../../contract/provider/article-link.ts';
import { islandMessages } from '../../i18n/translator.ts';
import { toCustomer } from '../../lib/session/customer.ts';
import { $customer } from '../../lib/session/session-store.ts';
import { accountCustomerBody } from '../../lib/session/testing/test-bodies.ts';
import CustomerSku, { CUSTOMER_SKU_MESSAGES } from './CustomerSku.tsx';
import { providerBase } from '../../testing/test-browser.ts';

const fetchMock = vi.fn<typeof fetch>();
const i18n = islandMessages('en-GB', CUSTOMER_SKU_MESSAGES);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockResolvedValue(
    new Response(
      JSON.stringify(
        v.parse(ArticleLinkInfoResponseSchema, {
          customerSkus: { 'SW-10001': 'BP-DRILL' },
          productNumbers: {},
        } satisfies ArticleLinkInfoResponse),
      ),
      { status: 200, headers: { 'content-type': 'application/json' } },
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  $customer.set(null);
});

const logIn = (rights: string[]) => $customer.set({ ...toCustomer(accountCustomerBody(rights))!, rights });

const renderIsland = () =>
  render(
    <dl>
      <CustomerSku productNumber="SW-10001" i18n={i18n} />
    </dl>,
  );

test('with ROLE_MANAGE_ARTICLE_LINKS the product page shows the customer number from one info call', async () => {
  logIn(['ROLE_MANAGE_ARTICLE_LINKS']);
  renderIsland();
  expect(await screen.findByText('BP-DRILL')).toBeInTheDocument();
  expect(screen.getByRole('term')).toHaveTextContent('Your article no.');
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(new URL(String(url)).pathname).toBe(`${providerBase()}/article-links/info`);
  const body: unknown = JSON.parse(String(init?.body));
  expect(v.safeParse(ArticleLinkInfoRequestSchema, body).success).toBe(true);
  expect(body).toEqual({ productIds: ['SW-10001'], customerSkus: [] });
});

test('without the right, and for anonymous visitors, nothing is shown and no lookup is made', async () => {
  logIn(['ROLE_PLACE_ORDERS']);
  const { container } = renderIsland();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(container.querySelector('dl')).toBeEmptyDOMElement();
  cleanup();
  $customer.set(null);
  const anonymous = renderIsland();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(anonymous.container.querySelector('dl')).toBeEmptyDOMElement();
  expect(fetchMock).not.toHaveBeenCalled();
});
