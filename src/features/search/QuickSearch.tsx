import { useCombobox } from 'downshift';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { MessageKey } from '../../i18n/locales.ts';
import { I18nProvider, useI18n, type IslandI18nProp } from '../../i18n/react.tsx';
import { trackProductClick } from './product-click.ts';
import { COVER_HEIGHT, COVER_WIDTH, fetchQuickSearch, type QuickSearchRow } from './quick-search-api.ts';
import { ProductPicture } from '../../components/ui/ProductPicture.tsx';
import { IMAGE_SIZES, pictureOf, type MediaImage } from '../../lib/product-image.ts';
import { useTypedPlaceholder } from './use-typed-placeholder.ts';
import { StrokeIcon } from '../../components/ui/StrokeIcon.tsx';
import { customerSkuOf, useCustomerSkus } from '../../lib/article-links.ts';
import { SEARCH_TERM_MAX_LENGTH } from '../../../contract/search.ts';

/** Delay between the last keystroke and the search call, in milliseconds (Search debounce 600 ms). */
export const SEARCH_DEBOUNCE_MS = 600;
/** Analytics source of clicks in the dropdown. */
export const QUICK_SEARCH_SOURCE = 'quickSearchResults';

/** The catalogue keys of the island, for `islandMessages(locale, SEARCH_MESSAGES)`. */
export const SEARCH_MESSAGES = ['search.'] as const satisfies readonly (MessageKey | `${string}.`)[];

export interface QuickSearchProps {
  /** `islandMessages(locale, SEARCH_MESSAGES)`: labels and the placeholder phrases (`search.placeholder`, '|'-separated). */
  i18n: IslandI18nProp;
  /** The domain's search page, e.g. '/en/search'; 'show more' and the form submit go to `${searchUrl}?query=…`. */
  searchUrl: string;
  /** The domain's path prefix ('' or e.g. '/en'); product links are built under it. */
  pathPrefix: string;
  /** The query a search results page shows in the field; the dropdown stays closed until the buyer types. */
  initialQuery?: string;
}

/**
 * Search bar with quick search.
 *
 * An ARIA combobox (downshift): typing waits 600 ms, then runs one search through the same-origin Store API proxy
 * (`fetchQuickSearch`); a newer term aborts the older request. The dropdown lists at most 5 products, a 'show more'
 * link to the search page, or an empty-result message; failures show no dropdown. ArrowUp/ArrowDown move through the
 * rows, Enter opens the highlighted row (or submits the search when none is highlighted), Escape closes. Every
 * row shows the product's number and, for a logged-in customer holding ROLE_MANAGE_ARTICLE_LINKS, the company's own
 * article number (one `article-links/info` call for the shown hits; the search itself also finds an article by it).
 * Every product link click records a product-click analytics event with source 'quickSearchResults' and the
 * 1-based row position. Without script the form still submits to the search page.
 */
export default function QuickSearch({ i18n, ...props }: QuickSearchProps) {
  return (
    <I18nProvider i18n={i18n}>
      <SearchBar {...props} />
    </I18nProvider>
  );
}

function SearchBar({ searchUrl, pathPrefix, initialQuery = '' }: Omit<QuickSearchProps, 'i18n'>) {
  const { t, locale } = useI18n();
  const [term, setTerm] = useState('');
  const [result, setResult] = useState<{ term: string; rows: QuickSearchRow[] } | null>(null);
  const [focused, setFocused] = useState(false);
  const rowLinks = useRef<(HTMLAnchorElement | null)[]>([]);
  const placeholder = useTypedPlaceholder(t('search.placeholder'), focused || term !== '' || initialQuery !== '');
  const query = term.trim();
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (query === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchQuickSearch(query, pathPrefix, controller.signal).then(
        (rows) => {
          if (!controller.signal.aborted) setResult({ term: query, rows });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn('quick search failed', error);
          setResult(null);
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, pathPrefix]);

  const rows = query !== '' && result ? result.rows : [];
  // The buyer's own numbers of the shown hits: one info call per answer, only with ROLE_MANAGE_ARTICLE_LINKS.
  const customerSkus = useCustomerSkus(rows.map((row) => row.productNumber));
  const {
    isOpen,
    highlightedIndex,
    getInputProps,
    getItemProps,
    getLabelProps,
    getMenuProps,
    openMenu,
    setInputValue,
  } = useCombobox<QuickSearchRow>({
    items: rows,
    itemToString: (row) => row?.name ?? '',
    // Downshift owns the field's value (controlling it from state drops keystrokes typed faster than a render, as
    // a barcode scanner does); state follows through onInputValueChange.
    selectedItem: null,
    initialInputValue: initialQuery,
    onInputValueChange: ({ inputValue }) => setTerm(inputValue ?? ''),
    // Choosing a row navigates; the field keeps what the buyer typed instead of taking the product name.
    stateReducer: (state, { type, changes }) =>
      type === useCombobox.stateChangeTypes.ItemClick ||
      type === useCombobox.stateChangeTypes.InputKeyDownEnter ||
      type === useCombobox.stateChangeTypes.InputBlur
        ? { ...changes, inputValue: state.inputValue }
        : changes,
  });
  // Text typed before hydration stays in the DOM field; take it over so the dropdown follows it.
  useEffect(() => {
    const field = formRef.current?.elements.namedItem('query');
    if (field instanceof HTMLInputElement && field.value !== '' && field.value !== initialQuery)
      setInputValue(field.value);
  }, [setInputValue, initialQuery]);

  const showPopup = isOpen && query !== '' && result !== null;
  const searchHref = (value: string) => `${searchUrl}?query=${encodeURIComponent(value)}`;

  const onKeyDown = (
    event: KeyboardEvent<HTMLInputElement> & { nativeEvent: { preventDownshiftDefault?: boolean } },
  ) => {
    if (event.key !== 'Enter') return;
    // Enter on a row opens it through its link (so analytics and navigation match a click); Enter without a row
    // submits the form to the search page, which downshift would otherwise suppress while the menu is open.
    event.nativeEvent.preventDownshiftDefault = true;
    const link = showPopup && highlightedIndex >= 0 ? rowLinks.current[highlightedIndex] : null;
    if (link) {
      event.preventDefault();
      link.click();
    }
  };

  return (
    <form
      ref={formRef}
      role="search"
      action={searchUrl}
      method="get"
      lang={locale}
      className="relative w-full"
      onSubmit={(event) => {
        // Read the field itself: text typed before the island hydrated is in the DOM, not yet in state.
        const field = event.currentTarget.elements.namedItem('query');
        const value = field instanceof HTMLInputElement ? field.value.trim() : query;
        if (value === '') event.preventDefault();
      }}
    >
      <label {...getLabelProps()} className="sr-only">
        {t('search.ariaLabel')}
      </label>
      <div className="flex h-10 items-center rounded border border-neutral-300 bg-white focus-within:border-[var(--color-primary,#d74c3b)]">
        <input
          {...getInputProps({
            onKeyDown,
            onFocus: () => {
              setFocused(true);
              if (query !== '' && result !== null) openMenu();
            },
            onBlur: () => setFocused(false),
          })}
          type="search"
          name="query"
          maxLength={SEARCH_TERM_MAX_LENGTH}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
          className="h-full min-w-0 flex-1 bg-transparent px-3 text-sm outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {term !== '' && (
          <button
            type="button"
            aria-label={t('search.clear')}
            className="px-2 text-neutral-500 hover:text-neutral-800"
            onClick={(event) => {
              setInputValue('');
              setResult(null);
              event.currentTarget.closest('form')?.querySelector('input')?.focus();
            }}
          >
            <StrokeIcon className="size-4">
              <path d="M6 6l12 12M18 6L6 18" />
            </StrokeIcon>
          </button>
        )}
        <button
          type="submit"
          aria-label={t('search.submit')}
          className="px-3 text-neutral-700 hover:text-[var(--color-primary,#d74c3b)]"
        >
          <StrokeIcon className="size-5">
            <circle cx="11" cy="11" r="7" />
            <path d="M20 20l-3.5-3.5" />
          </StrokeIcon>
        </button>
      </div>
      <div
        className={`absolute inset-x-0 top-full z-50 mt-1 rounded border border-neutral-200 bg-white shadow-lg ${showPopup ? '' : 'hidden'}`}
      >
        <ul {...getMenuProps()} className="max-h-[20rem] overflow-y-auto lg:max-h-[28rem]">
          {showPopup &&
            rows.map((row, index) => {
              const track = () => trackProductClick(QUICK_SEARCH_SOURCE, row.id, index + 1);
              return (
                <li
                  key={row.id}
                  {...getItemProps({ item: row, index })}
                  className={`border-b border-neutral-100 ${highlightedIndex === index ? 'bg-neutral-100' : ''}`}
                >
                  <a
                    ref={(element) => {
                      rowLinks.current[index] = element;
                    }}
                    href={row.href}
                    tabIndex={-1}
                    onClick={track}
                    className="flex gap-3 px-3 py-2"
                  >
                    <CoverImage media={row.image} />
                    <span className="flex min-w-0 flex-col text-sm">
                      <span className="font-semibold break-words text-neutral-900">{row.name}</span>
                      <span className="text-xs text-neutral-500">{row.productNumber}</span>
                      <CustomerSkuText sku={customerSkuOf(customerSkus, row.productNumber)} />
                      {row.options.map((option) => (
                        <span key={option} className="truncate text-xs text-neutral-600">
                          {option}
                        </span>
                      ))}
                    </span>
                  </a>
                  {row.variantsHref && (
                    <a
                      href={row.variantsHref}
                      tabIndex={-1}
                      onClick={track}
                      className="block px-3 -mt-1 pb-2 pl-[4.5rem] text-xs text-[var(--color-primary,#d74c3b)] underline"
                    >
                      {t('search.variants', { count: row.variantCount })}
                    </a>
                  )}
                </li>
              );
            })}
        </ul>
        {showPopup && rows.length === 0 && (
          <p role="status" className="px-3 py-4 text-sm text-neutral-600">
            {t('search.noResults', { term: result.term })}
          </p>
        )}
        {showPopup && rows.length > 0 && (
          <a
            href={searchHref(query)}
            className="block px-3 py-2 text-center text-sm font-semibold text-[var(--color-primary,#d74c3b)] hover:underline"
          >
            {t('search.showMore')}
          </a>
        )}
      </div>
    </form>
  );
}

/** The hit's own article number of the customer ("Your article no. X"); nothing without one. */
function CustomerSkuText({ sku }: { sku: string | null }) {
  const { t } = useI18n();
  if (!sku) return null;
  return <span className="text-xs break-all text-neutral-700">{t('search.customerSku', { number: sku })}</span>;
}

/**
 * Product cover from its thumbnails (400x545 among them, displayed smaller); the product placeholder when there is
 * none or it fails to load. Decorative: the row's text names the product.
 */
function CoverImage({ media }: { media: MediaImage | null }) {
  return (
    <ProductPicture
      picture={pictureOf(media, IMAGE_SIZES.quickSearch, {
        fallbackSize: { width: COVER_WIDTH, height: COVER_HEIGHT },
      })}
      alt=""
      className="h-16 w-12 shrink-0 object-contain"
    />
  );
}
