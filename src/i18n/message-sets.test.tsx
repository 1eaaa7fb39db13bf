import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, test, vi } from 'vitest';
import { messageSetPayload, sharedMessages } from './translator.ts';
import * as serverI18n from './react.tsx';
import type { IslandI18nProp } from './react.tsx';
import type { MessageSelection } from './translator.ts';
import type { MessageKey } from './locales.ts';
import deDE from './messages/de-DE.json';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.resetModules();
});

/** An island's selection with an order unit's name, like the price island's. */
const priceMessages = (unit: string): MessageSelection => [
  'price.',
  'product.listingLogin',
  `units.${unit}` as MessageKey,
];

type I18nModule = typeof import('./react.tsx');

/** An island: a provider around a component that translates, from one module graph. */
function island({ I18nProvider: Provider, useT: translate }: I18nModule, i18n: IslandI18nProp) {
  function Label() {
    return <>{translate()('product.listingLogin')}</>;
  }
  return (
    <Provider i18n={i18n}>
      <Label />
    </Provider>
  );
}

/** The translator as the browser loads it: a fresh module graph, whose message registry is empty like a new page's. */
async function browserI18n(): Promise<I18nModule> {
  vi.resetModules();
  return import('./react.tsx');
}

test('islands with the same selection share one ref; another order unit is another set', () => {
  const a = sharedMessages('de-DE', priceMessages('C62'));
  expect(sharedMessages('de-DE', priceMessages('C62'))).toEqual(a);
  expect(sharedMessages('de-DE', priceMessages('MTR')).ref).not.toBe(a.ref);
  expect(sharedMessages('en-GB', priceMessages('C62')).ref).not.toBe(a.ref);
  // The prop Astro serialises into the island carries the ref only, not the texts.
  expect(JSON.stringify(a)).toBe(JSON.stringify({ locale: 'de-DE', ref: a.ref }));
});

test("the island's server render finds the shared set", () => {
  const html = renderToString(island(serverI18n, sharedMessages('de-DE', priceMessages('C62'))));
  expect(html).toContain(deDE['product.listingLogin']);
});

test("the island hydrating in the browser reads the set from the page's payload element", async () => {
  const shared = sharedMessages('de-DE', priceMessages('C62'));
  const payload = messageSetPayload(shared);
  expect(payload.content).toMatch(/^<script type="application\/json" id="wb-messages-[\w-]+">\{.*\}<\/script>$/);
  document.head.innerHTML = payload.content;
  const browser = await browserI18n();
  render(island(browser, { ...shared }));
  expect(screen.getByText(deDE['product.listingLogin'])).toBeInTheDocument();
});

test('the payload is written once per page: every use of a set is the same script instruction id', () => {
  const shared = sharedMessages('de-DE', priceMessages('C62'));
  const first = messageSetPayload(shared);
  const again = messageSetPayload(sharedMessages('de-DE', priceMessages('C62')));
  expect(first.type).toBe('script');
  expect(again.id).toBe(first.id);
  expect(messageSetPayload(sharedMessages('de-DE', priceMessages('MTR'))).id).not.toBe(first.id);
});

test('no text of a set can close its payload element', () => {
  const payload = messageSetPayload(sharedMessages('de-DE', priceMessages('C62')));
  const body = payload.content.slice(payload.content.indexOf('>') + 1, -'</script>'.length);
  expect(body).not.toContain('<');
});

test('an island whose set is missing from the page fails with a message naming the set', async () => {
  const browser = await browserI18n();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  expect(() => render(island(browser, { locale: 'de-DE', ref: 'missing' }))).toThrow(
    'The messages "missing" are missing from the page',
  );
});
