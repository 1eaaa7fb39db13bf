/**
 * The storefront base URL a punch-out answer links to (StartPage URLs, product links): the site the request arrived
 * on, when it is one of the sales channel's configured domains; otherwise the first domain. Never built from a Host
 * header or an unchecked parameter (a StartPage URL pointing elsewhere would hand the session to another host).
 */
import type { BackendConfig } from '../../config.ts';

/** `requested` when it equals a configured domain URL (trailing slash ignored), else the first domain's URL. */
export function storefrontBaseUrl(config: Pick<BackendConfig, 'domains'>, requested: string | undefined): string {
  const wanted = (requested ?? '').replace(/\/+$/, '');
  const match = config.domains.find((d) => d.url === wanted);
  return (match ?? config.domains[0]!).url;
}
