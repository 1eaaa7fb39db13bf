/**
 * Page metadata helpers: canonical link, robots default, alternate-language links.
 */

/** Robots value when neither the page nor the sales channel sets one. */
export const DEFAULT_ROBOTS = 'index, follow';

/**
 * The canonical URL of a page: the current domain's origin plus the request path, with doubled slashes in the
 * path removed.
 * The query string is dropped, since filters, sorting and pages are variations of the same page.
 *
 * @example canonicalUrl('https://shop.test', '/en//Tools///Pliers/') // 'https://shop.test/en/Tools/Pliers/'
 */
export function canonicalUrl(origin: string, pathname: string): string {
  const path = `/${pathname}`.replace(/\/{2,}/g, '/');
  return `${origin.replace(/\/+$/, '')}${path}`;
}

/** Chooses the robots value: the page's own, else the sales channel's configured value, else 'index, follow'. */
export function robotsValue(pageRobots?: string | null, channelRobots?: string | null): string {
  return pageRobots?.trim() || channelRobots?.trim() || DEFAULT_ROBOTS;
}
