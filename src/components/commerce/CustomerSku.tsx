/**
 * The customer's own article number on the product page, below the supplier article number: a list of its own
 * (`<dl>` with one `<dt>`/`<dd>` pair, "Your article no." X, in the numbers list's grid style; an island's element
 * may not stand inside the page's `<dl>`, HTML allows only dt, dd and div there). Shown only to a logged-in customer holding
 * ROLE_MANAGE_ARTICLE_LINKS, the specification's rule for the article-link lookup; it asks
 * `POST …/article-links/info` { productIds: [productNumber] } once (src/lib/article-links.ts). The server renders
 * nothing (the catalogue HTML is the same for everyone), and so does the island for anyone else, before the answer,
 * for an article without a customer number and when the call fails.
 */
import type { MessageKey } from '../../i18n/locales.ts';
import { I18nProvider, useI18n, type IslandI18nProp } from '../../i18n/react.tsx';
import { customerSkuOf, useCustomerSkus } from '../../lib/article-links.ts';

/** The catalogue keys of the island, for `islandMessages(locale, CUSTOMER_SKU_MESSAGES)`. */
export const CUSTOMER_SKU_MESSAGES = ['product.customerSku'] as const satisfies readonly (MessageKey | `${string}.`)[];

export interface CustomerSkuProps {
  /** The supplier article number (`productNumber`) of the page's article. */
  productNumber: string;
  /** `islandMessages(locale, CUSTOMER_SKU_MESSAGES)`. */
  i18n: IslandI18nProp;
}

export default function CustomerSku({ i18n, productNumber }: CustomerSkuProps) {
  return (
    <I18nProvider i18n={i18n}>
      <Entry productNumber={productNumber} />
    </I18nProvider>
  );
}

function Entry({ productNumber }: { productNumber: string }) {
  const { t } = useI18n();
  const sku = customerSkuOf(useCustomerSkus([productNumber]), productNumber);
  if (!sku) return null;
  return (
    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 text-sm">
      <dt className="text-muted">{t('product.customerSku')}</dt>
      <dd className="font-mono break-all" data-customer-sku>
        {sku}
      </dd>
    </dl>
  );
}
