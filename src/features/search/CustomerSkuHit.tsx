/**
 * The search results page's hit for the buyer's own article number (article links, docs/decisions/017): the page's
 * HTML is the same for every visitor and cached (docs/decisions/005), so it cannot know a company's numbers. For a
 * logged-in customer holding ROLE_MANAGE_ARTICLE_LINKS (the specification: "the article-link lookup runs only for a
 * logged-in user holding ManageArticleLinks") this island asks `POST …/article-links/info` { customerSkus: [query] }
 * and, when the query is one of the company's numbers, shows that article first, above the results, as an exact
 * article number is ranked first. For anyone else, for any other query and when a call fails it renders nothing.
 */
import { useEffect, useState } from 'react';
import type { MessageKey } from '../../i18n/locales.ts';
import { I18nProvider, useI18n, type IslandI18nProp } from '../../i18n/react.tsx';
import { fetchArticleLinkInfo, mayLookUpArticleLinks } from '../../lib/article-links.ts';
import { $customer } from '../../lib/session/session-store.ts';
import { useHydratedStore } from '../../lib/use-hydrated-store.ts';
import { COVER_HEIGHT, COVER_WIDTH, fetchQuickSearch, type QuickSearchRow } from './quick-search-api.ts';
import { ProductPicture } from '../../components/ui/ProductPicture.tsx';
import { IMAGE_SIZES, pictureOf } from '../../lib/product-image.ts';

/** The catalogue keys of the island, for `islandMessages(locale, CUSTOMER_SKU_HIT_MESSAGES)`. */
export const CUSTOMER_SKU_HIT_MESSAGES = ['search.customerSkuHit', 'product.number'] as const satisfies readonly (
  MessageKey | `${string}.`
)[];

export interface CustomerSkuHitProps {
  /** The search term as the page shows it (trimmed). */
  query: string;
  /** The domain's path prefix, for the product link. */
  pathPrefix: string;
  /** `islandMessages(locale, CUSTOMER_SKU_HIT_MESSAGES)`. */
  i18n: IslandI18nProp;
}

export default function CustomerSkuHit({ i18n, ...props }: CustomerSkuHitProps) {
  return (
    <I18nProvider i18n={i18n}>
      <Hit {...props} />
    </I18nProvider>
  );
}

function Hit({ query, pathPrefix }: Omit<CustomerSkuHitProps, 'i18n'>) {
  const { t } = useI18n();
  const customer = useHydratedStore($customer, null);
  const allowed = mayLookUpArticleLinks(customer);
  const [hit, setHit] = useState<{ query: string; row: QuickSearchRow } | null>(null);

  useEffect(() => {
    if (!allowed || query === '') return;
    const controller = new AbortController();
    (async () => {
      const info = await fetchArticleLinkInfo({ customerSkus: [query] }, controller.signal);
      const productNumber = info.productNumbers[query];
      if (!productNumber) return;
      const rows = await fetchQuickSearch(productNumber, pathPrefix, controller.signal);
      const row = rows.find((r) => r.productNumber.toUpperCase() === productNumber.toUpperCase());
      if (row && !controller.signal.aborted) setHit({ query, row });
    })().catch(() => {
      // The page's own results stay; a failed lookup shows no extra hit.
    });
    return () => controller.abort();
  }, [allowed, query, pathPrefix]);

  if (!allowed || hit?.query !== query) return null;
  const { row } = hit;
  return (
    <section
      aria-label={t('search.customerSkuHit', { number: query })}
      className="mb-4 flex items-center gap-4 rounded border-2 border-primary bg-white p-3"
    >
      {row.image && (
        <ProductPicture
          picture={pictureOf(row.image, IMAGE_SIZES.line, {
            fallbackSize: { width: COVER_WIDTH / 5, height: COVER_HEIGHT / 5 },
          })}
          alt=""
          className="h-[109px] w-[80px] shrink-0 object-contain"
        />
      )}
      <div className="min-w-0">
        <p className="text-sm font-semibold text-primary-dark">{t('search.customerSkuHit', { number: query })}</p>
        <a href={row.href} className="mt-1 block font-semibold break-words hover:underline">
          {row.name}
        </a>
        <p className="mt-1 text-sm text-muted">
          {t('product.number')} <span className="font-mono">{row.productNumber}</span>
        </p>
      </div>
    </section>
  );
}
