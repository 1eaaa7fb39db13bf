import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { VariantCountResponseSchema } from '../../../contract/provider/variants.ts';
import { islandMessages } from '../../i18n/translator.ts';
import QuickSearch, { SEARCH_MESSAGES, type QuickSearchProps } from './QuickSearch.tsx';
import { ANALYTICS_EVENT, type ProductClickEvent } from './product-click.ts';
import { providerBase } from '../../testing/test-browser.ts';
import { PLACEHOLDER_IMAGE } from '../../lib/product-image.ts';

interface Call {
  path: string;
  body: Record<string, unknown>;
  signal: AbortSignal;
}
type Reply = unknown | Promise<unknown> | Response;

const props: QuickSearchProps = {
  i18n: islandMessages('en-GB', SEARCH_MESSAGES),
  searchUrl: '/en/search',
  pathPrefix: '/en',
};

/** Parent product ids as Shopware writes them (32 hex characters). */
const PARENT_A = 'a'.repeat(32);
const PARENT_B = 'b'.repeat(32);

function product(n: number, extra: Record<string, unknown> = {}) {
  return {
    id: `p${n}`,
    parentId: null,
    productNumber: `WB-${n}`,
    name: `Sechskantschraube M${n}`,
    translated: { name: `Hex bolt M${n}` },
    childCount: 0,
    cover: { media: { url: `https://cdn.example.com/media/p${n}.jpg`, alt: null } },
    seoUrls: [{ seoPathInfo: `hex-bolt-m${n}/WB-${n}`, isCanonical: true }],
    options: [],
    ...extra,
  };
}

let calls: Call[];
let replies: { search: (body: Record<string, unknown>) => Reply; variants: (body: Record<string, unknown>) => Reply };

beforeEach(() => {
  // Only timers are faked: the mocked fetch's Response bodies still need real microtasks and setImmediate.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  // Testing Library drains its async wrapper with setTimeout(0) and advances it only through a global `jest`; without
  // this, user-event calls hang under Vitest's fake timers
  // (https://github.com/testing-library/react-testing-library/issues/1197).
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  calls = [];
  replies = { search: () => ({ elements: [] }), variants: () => ({ elements: [] }) };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ path, body, signal: request.signal });
      const reply = await (path === '/store-api/search' ? replies.search(body) : replies.variants(body));
      return reply instanceof Response ? reply : Response.json(reply);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Lets the debounce pass and the mocked Store API calls settle. */
async function settle(ms = 600) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  for (let round = 0; round < 5; round += 1) {
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
}

function setup() {
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  render(<QuickSearch {...props} />);
  return { user, input: screen.getByRole('combobox', { name: 'Search products' }) };
}

describe('QuickSearch', () => {
  test('waits 600 ms after the last keystroke, then makes one search call with the quick-search criteria', async () => {
    replies.search = () => ({ elements: [product(1), product(2)] });
    const { user, input } = setup();

    await user.type(input, 'bolt');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(599);
    });
    expect(calls).toHaveLength(0);
    await settle(1);

    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe('/store-api/search');
    expect(calls[0]?.body).toMatchObject({
      search: 'bolt',
      limit: 10,
      associations: {
        media: { sort: [{ field: 'position', order: 'ASC' }] },
        properties: { associations: { group: {} } },
        categories: {},
        manufacturer: {},
        options: { associations: { group: {} } },
      },
    });
    expect(calls[0]?.body['includes']).toBeTypeOf('object');

    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveTextContent('Hex bolt M1');
    expect(within(options[0]!).getByRole('link', { name: /Hex bolt M1/ })).toHaveAttribute(
      'href',
      '/en/hex-bolt-m1/WB-1',
    );
    expect(screen.getByRole('link', { name: 'Show all results' })).toHaveAttribute('href', '/en/search?query=bolt');
  });

  test('on a results page the field shows the query and searches only once the buyer types', async () => {
    replies.search = () => ({ elements: [product(1)] });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    render(<QuickSearch {...props} initialQuery="bolt" />);
    const input = screen.getByRole('combobox', { name: 'Search products' });
    expect(input).toHaveValue('bolt');
    await settle();
    expect(calls).toHaveLength(0);
    await user.type(input, 's');
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({ search: 'bolts' });
  });

  test('an empty or blank query makes no request and shows no dropdown', async () => {
    const { user, input } = setup();
    await user.type(input, '   ');
    await settle();
    expect(calls).toHaveLength(0);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  test('clearing the field hides the results without a new request', async () => {
    replies.search = () => ({ elements: [product(1)] });
    const { user, input } = setup();
    await user.type(input, 'bolt');
    await settle();
    expect(screen.getAllByRole('option')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await settle();
    expect(input).toHaveValue('');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(calls).toHaveLength(1);
  });

  test('shows at most 5 products', async () => {
    replies.search = () => ({ elements: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => product(n)) });
    const { user, input } = setup();
    await user.type(input, 'bolt');
    await settle();
    expect(screen.getAllByRole('option')).toHaveLength(5);
  });

  test('shows the empty-result message', async () => {
    const { user, input } = setup();
    await user.type(input, 'xyz');
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('No products found.');
    expect(screen.queryByRole('link', { name: 'Show all results' })).not.toBeInTheDocument();
  });

  test('asks for variant counts of the distinct parent ids and links rows with more than one variant', async () => {
    replies.search = () => ({
      elements: [
        product(1, { parentId: PARENT_A }),
        product(2, { parentId: PARENT_A }),
        product(3, { parentId: PARENT_B }),
        product(4, { seoUrls: [] }),
      ],
    });
    // backend/store-api/product/product.routes.ts, POST {provider}/variants
    replies.variants = () =>
      v.parse(VariantCountResponseSchema, {
        elements: [
          { id: PARENT_A, childCount: 3, apiAlias: 'product_variant_count' },
          { id: PARENT_B, childCount: 1, apiAlias: 'product_variant_count' },
        ],
      });
    const { user, input } = setup();
    await user.type(input, 'bolt');
    await settle();

    expect(calls.map((call) => call.path)).toEqual(['/store-api/search', `${providerBase()}/variants`]);
    expect(calls[1]?.body).toMatchObject({ ids: [PARENT_A, PARENT_B] });

    const [first, , third, fourth] = screen.getAllByRole('option');
    expect(within(first!).getByRole('link', { name: '3 variants' })).toHaveAttribute(
      'href',
      '/en/hex-bolt-m1/WB-1?showVariantsTable=true',
    );
    expect(within(third!).queryByRole('link', { name: /variants/ })).not.toBeInTheDocument();
    expect(within(fourth!).getByRole('link')).toHaveAttribute('href', '/en/detail/p4');
  });

  test('makes no variants call when no result has a parent', async () => {
    replies.search = () => ({ elements: [product(1), product(2, { childCount: 5 })] });
    const { user, input } = setup();
    await user.type(input, 'bolt');
    await settle();
    expect(calls).toHaveLength(1);
    expect(within(screen.getAllByRole('option')[1]!).getByRole('link', { name: '5 variants' })).toBeInTheDocument();
  });

  test('lists the first 4 options per row with Bezeichnung first', async () => {
    const option = (group: string, name: string) => ({
      name,
      translated: { name },
      group: { name: group, translated: { name: group } },
    });
    replies.search = () => ({
      elements: [
        product(1, {
          options: [
            option('Länge', '40 mm'),
            option('Material', 'Stahl'),
            option('Oberfläche', 'verzinkt'),
            option('Festigkeit', '8.8'),
            option('Bezeichnung', 'DIN 933'),
          ],
        }),
      ],
    });
    const { user, input } = setup();
    await user.type(input, 'bolt');
    await settle();

    const row = screen.getByRole('option');
    expect(row).toHaveTextContent(/Bezeichnung: DIN 933.*Länge: 40 mm.*Material: Stahl.*Oberfläche: verzinkt/);
    expect(row).not.toHaveTextContent('Festigkeit');
  });

  test('requests covers at 400x545 and falls back to the no-image placeholder', async () => {
    replies.search = () => ({ elements: [product(1), product(2, { cover: null, media: [] })] });
    const { user, input } = setup();
    await user.type(input, 'bolt');
    await settle();

    const [withCover, withoutCover] = screen.getAllByRole('option').map((row) => row.querySelector('img')!);
    expect(withCover).toHaveAttribute('src', 'https://cdn.example.com/media/p1.jpg?width=400&height=545');
    expect(withCover).toHaveAttribute('width', '400');
    expect(withCover).toHaveAttribute('height', '545');
    expect(withoutCover).toHaveAttribute('src', PLACEHOLDER_IMAGE);

    fireEvent.error(withCover!);
    expect(screen.getAllByRole('option')[0]!.querySelector('img')).toHaveAttribute('src', PLACEHOLDER_IMAGE);
  });

  test('a stored image is offered as AVIF, WebP and JPEG thumbnails, the 400x545 one as the fallback', async () => {
    const thumb = (width: number, height: number) => ({
      url: `/media/h/${width}x${height}.jpg`,
      width,
      height,
      extensions: { formats: { avif: `/media/h/${width}x${height}.avif`, webp: `/media/h/${width}x${height}.webp` } },
    });
    const media = { url: '/media/h/800x800.jpg', alt: null, thumbnails: [thumb(96, 96), thumb(400, 545)] };
    replies.search = () => ({ elements: [product(1, { cover: { media } })] });
    const { user, input } = setup();
    await user.type(input, 'bolt');
    await settle();

    const picture = screen.getByRole('option').querySelector('picture')!;
    expect([...picture.querySelectorAll('source')].map((s) => [s.type, s.getAttribute('srcset')])).toEqual([
      ['image/avif', '/media/h/96x96.avif 96w, /media/h/400x545.avif 400w'],
      ['image/webp', '/media/h/96x96.webp 96w, /media/h/400x545.webp 400w'],
    ]);
    const img = picture.querySelector('img')!;
    expect(img).toHaveAttribute('src', '/media/h/400x545.jpg');
    expect(img).toHaveAttribute('srcset', '/media/h/96x96.jpg 96w, /media/h/400x545.jpg 400w');
    expect(img).toHaveAttribute('sizes', '48px');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '545']);
  });

  test('arrow keys highlight rows and Enter opens the highlighted row, recording the click', async () => {
    replies.search = () => ({ elements: [product(1), product(2)] });
    const dataLayer: unknown[] = [];
    Object.assign(window, { dataLayer });
    const analytics: ProductClickEvent[] = [];
    const onAnalytics = (event: Event) => analytics.push((event as CustomEvent<ProductClickEvent>).detail);
    window.addEventListener(ANALYTICS_EVENT, onAnalytics);
    const opened: string[] = [];
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element).closest('a');
      if (link) {
        event.preventDefault();
        opened.push(link.getAttribute('href')!);
      }
    };
    document.addEventListener('click', onClick);
    try {
      const { user, input } = setup();
      await user.type(input, 'bolt');
      await settle();

      await user.keyboard('{ArrowDown}{ArrowDown}');
      expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
      await user.keyboard('{Enter}');

      expect(opened).toEqual(['/en/hex-bolt-m2/WB-2']);
      const expected = { event: 'product-click', source: 'quickSearchResults', id: 'p2', position: 2 };
      expect(analytics).toEqual([expected]);
      expect(dataLayer).toEqual([expected]);
    } finally {
      window.removeEventListener(ANALYTICS_EVENT, onAnalytics);
      document.removeEventListener('click', onClick);
      Reflect.deleteProperty(window, 'dataLayer');
    }
  });

  test('clicking the variants link records the click with the row position', async () => {
    replies.search = () => ({ elements: [product(1), product(2, { childCount: 4 })] });
    const analytics: ProductClickEvent[] = [];
    const onAnalytics = (event: Event) => analytics.push((event as CustomEvent<ProductClickEvent>).detail);
    window.addEventListener(ANALYTICS_EVENT, onAnalytics);
    const preventNavigation = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('click', preventNavigation);
    try {
      const { user, input } = setup();
      await user.type(input, 'bolt');
      await settle();
      await user.click(screen.getByRole('link', { name: '4 variants' }));
      expect(analytics).toEqual([{ event: 'product-click', source: 'quickSearchResults', id: 'p2', position: 2 }]);
    } finally {
      window.removeEventListener(ANALYTICS_EVENT, onAnalytics);
      document.removeEventListener('click', preventNavigation);
    }
  });

  test('Enter without a highlighted row submits the search form with the query', async () => {
    replies.search = () => ({ elements: [product(1)] });
    const { user, input } = setup();
    const form = screen.getByRole('search');
    const submitted: unknown[] = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submitted.push(Object.fromEntries(new FormData(form as HTMLFormElement)));
    });
    expect(form).toHaveAttribute('action', '/en/search');

    await user.type(input, 'bolt');
    await settle();
    await user.keyboard('{Enter}');
    expect(submitted).toEqual([{ query: 'bolt' }]);
  });

  test('Escape closes the dropdown', async () => {
    replies.search = () => ({ elements: [product(1)] });
    const { user, input } = setup();
    await user.type(input, 'bolt');
    await settle();
    expect(screen.getByRole('option')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  test('an older response arriving late does not overwrite the newer one', async () => {
    let releaseFirst: (value: unknown) => void = () => {};
    replies.search = (body) =>
      body['search'] === 'bolt'
        ? new Promise((resolve) => {
            releaseFirst = resolve;
          })
        : { elements: [product(2)] };
    const { user, input } = setup();
    await user.type(input, 'bolt');
    await settle();
    await user.type(input, 's');
    await settle();
    expect(calls[0]?.signal.aborted).toBe(true);

    releaseFirst({ elements: [product(1)] });
    await settle();
    const rows = screen.getAllByRole('option');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Hex bolt M2');
  });

  test('a failing search shows no dropdown and leaves the field usable', async () => {
    replies.search = () =>
      Response.json(
        {
          errors: [
            {
              status: '500',
              code: 'FRAMEWORK__ERROR',
              title: 'Internal Server Error',
              detail: 'Internal Server Error',
            },
          ],
        },
        { status: 500 },
      );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user, input } = setup();
    await user.type(input, 'bolt');
    await settle();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    replies.search = () => ({ elements: [product(3)] });
    await user.type(input, 's');
    await settle();
    expect(screen.getByRole('option')).toHaveTextContent('Hex bolt M3');
    warn.mockRestore();
  });

  test('types the placeholder phrases one character at a time and pauses while focused', async () => {
    const { user, input } = setup();
    expect(input).toHaveAttribute('placeholder', 'Search by article number');

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(input).toHaveAttribute('placeholder', 'S');
    // Each character is a render that schedules the next one, so time advances one character per act().
    for (const expected of ['Se', 'Sea', 'Sear']) {
      act(() => {
        vi.advanceTimersByTime(150);
      });
      expect(input).toHaveAttribute('placeholder', expected);
    }

    await user.click(input);
    expect(input).toHaveAttribute('placeholder', 'Search by EAN');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(input).toHaveAttribute('placeholder', 'Search by EAN');
  });
});
