/**
 * Where the storefront takes the browser once a punch-out session is open (contract/provider/punchout.ts
 * PunchOutLanding): the home page, a product (OCI `FUNCTION=DETAIL`, cXML `SelectedItem`), the search results (OCI
 * `FUNCTION=SOURCING` with SEARCHSTRING) or the cart (a cXML edit or inspect session, whose cart holds the returned
 * lines). Paths are the site's own, with its prefix.
 */
import type { PunchOutLanding } from '../../../contract/provider/punchout.ts';
import { domainPath, type StorefrontDomain } from '../domain.ts';

/**
 * The path of a landing on `domain`. A product goes to `productPath` when the caller resolved its canonical SEO
 * path (as the catalogue links it), else to the technical `/detail/{id}`, which the catalogue redirects there; the
 * search to `/search?query=term` (the search page's parameter).
 */
export function landingPath(
  landing: PunchOutLanding,
  domain: Pick<StorefrontDomain, 'pathPrefix'>,
  productPath: string | null = null,
): string {
  switch (landing.kind) {
    case 'home':
      return domainPath(domain, '/');
    case 'product':
      return productPath ?? domainPath(domain, `/detail/${landing.productId}`);
    case 'search':
      return `${domainPath(domain, '/search')}?query=${encodeURIComponent(landing.term)}`;
    case 'cart':
      return domainPath(domain, '/checkout');
  }
}
