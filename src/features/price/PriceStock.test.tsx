import { act, cleanup, render, screen } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ArticleInformationResponseSchema } from '../../../contract/provider/article-information.ts';
import { toCustomer } from '../../lib/session/customer.ts';
import { $customer } from '../../lib/session/session-store.ts';
import { accountCustomerBody } from '../../lib/session/testing/test-bodies.ts';
import { resetArticleInformation } from './article-information.ts';
import { islandMessages } from '../../i18n/translator.ts';
import PriceStock, { priceMessages } from './PriceStock.tsx';
import { providerBase } from '../../testing/test-browser.ts';

const i18n = islandMessages('de-DE', priceMessages('C62'));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  resetArticleInformation();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  $customer.set(null);
  document.body.innerHTML = '';
});

/** One `article/information` record as the backend answers it. */
const record = (
  article: string,
  price: string | null,
  quantity: number | null,
  extra: Record<string, unknown> = {},
) => ({
  article,
  price,
  quantity,
  minSalesQuantity: 1,
  purchaseSteps: 1,
  uom: 'C62',
  deliveryTime: null,
  restockTime: null,
  apiAlias: 'article_information',
  ...extra,
});

function renderSlots(numbers: string[], showDeliveryTime = true) {
  return render(
    <>
      {numbers.map((n) => (
        <div key={n} data-price-slot data-product-number={n}>
          <PriceStock
            productNumber={n}
            i18n={i18n}
            anonymousKey="product.listingLogin"
            showDeliveryTime={showDeliveryTime}
          />
        </div>
      ))}
    </>,
  );
}

test('anonymous visitors keep the login text and no price call is made', () => {
  renderSlots(['A-1']);
  expect(screen.getByText('Preise nach Anmeldung')).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});

test('logged in: one call for all products on the page, then price with German decimals, stock and delivery time', async () => {
  fetchMock.mockResolvedValue(
    new Response(
      JSON.stringify(
        v.parse(ArticleInformationResponseSchema, {
          articles: [
            // backend/store-api/article/article.routes.ts: prices as decimal strings, stock in pieces.
            record('A-1', '1234.50', 1500, { uom: 'C62', deliveryTime: { min: 1, max: 3, unit: 'day' } }),
            record('B-2', '7.20', 0, { deliveryTime: { min: 2, max: 2, unit: 'day' }, restockTime: 5 }),
            record('D-4', '0.014', 20, { uom: 'C62' }),
            record('E-5', null, 3),
          ],
        }),
      ),
      { status: 200, headers: { 'content-type': 'application/json' } },
    ),
  );
  renderSlots(['A-1', 'B-2', 'C-3', 'D-4', 'E-5']);
  await act(async () => {
    $customer.set({ ...toCustomer(accountCustomerBody())!, rights: [] });
  });
  expect(await screen.findByText(/1\.234,50\s€ netto/)).toBeInTheDocument();
  expect(screen.getAllByText('/ Stück')).toHaveLength(3);
  expect(screen.getByText('Bestand: 1.500')).toBeInTheDocument();
  expect(screen.getByText('Lieferzeit: 1–3 Tage')).toBeInTheDocument();
  expect(screen.getByText(/7,20\s€ netto/)).toBeInTheDocument();
  expect(screen.getByText('Derzeit nicht auf Lager')).toBeInTheDocument();
  expect(screen.getByText('Lieferzeit: 7 Tage')).toBeInTheDocument();
  // More decimals only where the unit price has them; an article without a valid price still shows the stock.
  expect(screen.getByText(/0,014\s€ netto/)).toBeInTheDocument();
  expect(screen.getAllByText('Preis auf Anfrage')).toHaveLength(2);
  expect(screen.getByText('Bestand: 3')).toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(new URL(String(url)).pathname).toBe(`${providerBase()}/article/information`);
  expect(JSON.parse(String(init?.body))).toEqual({
    articles: [
      { sku: 'A-1', quantity: 1 },
      { sku: 'B-2', quantity: 1 },
      { sku: 'C-3', quantity: 1 },
      { sku: 'D-4', quantity: 1 },
      { sku: 'E-5', quantity: 1 },
    ],
  });
});

test('without ROLE_VIEW_PRICES the answer has neither price nor stock, and neither is shown', async () => {
  fetchMock.mockResolvedValue(
    new Response(
      // backend/store-api/article/article.routes.ts for a customer without ROLE_VIEW_PRICES
      JSON.stringify(v.parse(ArticleInformationResponseSchema, { articles: [record('A-1', null, null)] })),
      { status: 200, headers: { 'content-type': 'application/json' } },
    ),
  );
  renderSlots(['A-1']);
  await act(async () => {
    $customer.set({ ...toCustomer(accountCustomerBody())!, rights: [] });
  });
  expect(await screen.findByText('Preis auf Anfrage')).toBeInTheDocument();
  expect(screen.queryByText(/Bestand/)).not.toBeInTheDocument();
});

test('the product page shows the delivery time once: its price slot leaves it out', async () => {
  fetchMock.mockResolvedValue(
    new Response(
      JSON.stringify(
        v.parse(ArticleInformationResponseSchema, {
          articles: [record('A-1', '12.50', 40, { deliveryTime: { min: 1, max: 3, unit: 'day' } })],
        }),
      ),
      { status: 200, headers: { 'content-type': 'application/json' } },
    ),
  );
  renderSlots(['A-1'], false);
  await act(async () => {
    $customer.set({ ...toCustomer(accountCustomerBody())!, rights: [] });
  });
  expect(await screen.findByText('Bestand: 40')).toBeInTheDocument();
  expect(screen.queryByText(/Lieferzeit/)).not.toBeInTheDocument();
});
