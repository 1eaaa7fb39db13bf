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
import CustomerSkuHit, { CUSTOMER_SKU_HIT_MESSAGES } from './CustomerSkuHit.tsx';
import { providerBase } from '../../testing/test-browser.ts';

const i18n = islandMessages('en-GB', CUSTOMER_SKU_HIT_MESSAGES);
const calls: { path: string; body: unknown }[] = [];
let info: ArticleLinkInfoResponse;

/** A product of the search answer as the quick search's criteria trim it. */
const drill = {
  id: 'c'.repeat(32),
  parentId: null,
  productNumber: 'WB-0000015',
  name: 'Zylinderschraube',
  translated: { name: 'Socket head cap screw' },
  childCount: 0,
  cover: null,
  media: [],
  seoUrls: [{ seoPathInfo: 'socket-head-cap-screw/WB-0000015', isCanonical: true }],
  options: [],
};

beforeEach(() => {
  calls.length = 0;
  info = { customerSkus: {}, productNumbers: { 'MY-SCREW': 'WB-0000015' } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      const body: unknown = await request.json();
      calls.push({ path, body });
      if (path.endsWith('/article-links/info')) return Response.json(v.parse(ArticleLinkInfoResponseSchema, info));
      return Response.json({ elements: [{ ...drill, id: 'd'.repeat(32), productNumber: 'WB-0000016' }, drill] });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  $customer.set(null);
});

const logIn = (rights: string[]) => $customer.set({ ...toCustomer(accountCustomerBody(rights))!, rights });

test("a query that is one of the company's numbers shows that article first, linked to its page", async () => {
  logIn(['ROLE_MANAGE_ARTICLE_LINKS']);
  render(<CustomerSkuHit query="MY-SCREW" pathPrefix="/en" i18n={i18n} />);
  const hit = await screen.findByRole('region', { name: 'Found by your article no. MY-SCREW' });
  expect(hit).toHaveTextContent('WB-0000015');
  expect(screen.getByRole('link', { name: 'Socket head cap screw' })).toHaveAttribute(
    'href',
    '/en/socket-head-cap-screw/WB-0000015',
  );
  expect(calls[0]!.path).toBe(`${providerBase()}/article-links/info`);
  expect(v.safeParse(ArticleLinkInfoRequestSchema, calls[0]!.body).success).toBe(true);
  expect(calls[0]!.body).toEqual({ productIds: [], customerSkus: ['MY-SCREW'] });
});

test('another query, a customer without the right and an anonymous visitor see nothing extra', async () => {
  logIn(['ROLE_MANAGE_ARTICLE_LINKS']);
  info = { customerSkus: {}, productNumbers: {} };
  const { container } = render(<CustomerSkuHit query="drill" pathPrefix="/en" i18n={i18n} />);
  await vi.waitFor(() => expect(calls).toHaveLength(1));
  expect(container).toBeEmptyDOMElement();
  cleanup();

  calls.length = 0;
  logIn(['ROLE_PLACE_ORDERS']);
  render(<CustomerSkuHit query="MY-SCREW" pathPrefix="/en" i18n={i18n} />);
  $customer.set(null);
  render(<CustomerSkuHit query="MY-SCREW" pathPrefix="/en" i18n={i18n} />);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(calls).toHaveLength(0);
  expect(screen.queryByRole('region')).toBeNull();
});
