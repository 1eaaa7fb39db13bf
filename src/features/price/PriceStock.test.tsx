// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { toCustomer } from '../../lib/session/customer.ts';
import { $customer } from '../../lib/session/session-store.ts';
import { accountCustomerBody } from '../../lib/session/test-bodies.ts';
import { resetArticleInformation } from './article-information.ts';
import PriceStock, { type PriceStockTexts } from './PriceStock.tsx';

const texts: PriceStockTexts = {
  anonymous: 'Preise nach Anmeldung',
  net: '{price} netto',
  stock: 'Bestand: {quantity}',
  outOfStock: 'Derzeit nicht auf Lager',
  deliveryTime: 'Lieferzeit: {time}',
  days: '{min}–{max} Tage',
  dayExact: '{days} Tag',
  daysExact: '{days} Tage',
  loading: 'Preis wird geladen …',
  unavailable: 'Preis auf Anfrage',
};
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

function renderSlots(numbers: string[]) {
  return render(
    <>
      {numbers.map((n) => (
        <div key={n} data-price-slot data-product-number={n}>
          <PriceStock productNumber={n} locale="de-DE" texts={texts} />
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
      JSON.stringify({
        articles: [
          {
            article: 'A-1',
            price: 1234.5,
            quantity: 1500,
            minSalesQuantity: 1,
            purchaseSteps: 1,
            uom: 'Stk',
            deliveryTime: { min: 1, max: 3, unit: 'day' },
          },
          { article: 'B-2', price: '7.20', quantity: 0, deliveryTime: 2, restockTime: 5 },
          { article: 'D-4', price: '0.014', quantity: 20, uom: 'C62' },
          { article: 'E-5', price: null, quantity: 3 },
        ],
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    ),
  );
  renderSlots(['A-1', 'B-2', 'C-3', 'D-4', 'E-5']);
  await act(async () => {
    $customer.set({ ...toCustomer(accountCustomerBody())!, rights: [] });
  });
  expect(await screen.findByText(/1\.234,50\s€ netto/)).toBeInTheDocument();
  expect(screen.getByText('Bestand: 1.500')).toBeInTheDocument();
  expect(screen.getByText('Lieferzeit: 1–3 Tage')).toBeInTheDocument();
  expect(screen.getByText(/7,20\s€ netto/)).toBeInTheDocument();
  expect(screen.getByText('Derzeit nicht auf Lager')).toBeInTheDocument();
  expect(screen.getByText('Lieferzeit: 7 Tage')).toBeInTheDocument();
  // More decimals only where the unit price has them; no price (no ROLE_VIEW_PRICES) still shows the stock.
  expect(screen.getByText(/0,014\s€ netto/)).toBeInTheDocument();
  expect(screen.getAllByText('Preis auf Anfrage')).toHaveLength(2);
  expect(screen.getByText('Bestand: 3')).toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(new URL(String(url)).pathname).toBe('/store-api/werkbank/article/information');
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
