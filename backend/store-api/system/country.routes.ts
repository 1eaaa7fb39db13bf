/**
 * Address data endpoints Shopware's storefronts read for address forms and the country switch:
 * - `GET|POST /store-api/country` (Shopware CountryRoute): the countries the shop sells to (contract/countries.ts,
 *   in that order as `position`), named in the context language by the runtime's CLDR data (`Intl.DisplayNames`),
 *   with Shopware's default address format, no states, postal codes required and checked. Criteria: `ids`, `page`,
 *   `limit`, `includes`, and `equals`/`equalsAny` filters on `id`, `iso`, `active` or `shippingAvailable`; any other
 *   filter answers 400 `FRAMEWORK__INVALID_FILTER_QUERY`.
 * - `GET|POST /store-api/salutation` (Shopware SalutationRoute): Shopware's three salutations (mr, mrs,
 *   not_specified), the ones the account endpoints read and write (../customer-view.ts).
 * The ids are those addresses and the context carry: `stableId('country', iso)`, `stableId('salutation', key)`.
 */
import type { Hono } from 'hono';
import { COUNTRY_CODES } from '../../../contract/countries.ts';
import { StoreApiError } from '../../http/errors.ts';
import { stableId } from '../../lib/ids.ts';
import { salutationOf } from '../customer-view.ts';
import type { StoreApiEnv } from '../context.ts';
import { pagination, type FilterNode } from '../criteria.ts';
import { requestCriteria } from '../deps.ts';
import { searchResult } from '../../http/entities.ts';
import { applyIncludes } from '../includes.ts';
import type { StoreCountry } from '../../http/shopware-schemas.ts';
import { SHOPWARE_ERROR_CODES } from '../../../contract/error-codes.ts';

/** Shopware's default address format (CountryDefinition): lines of address snippet keys. */
const DEFAULT_ADDRESS_FORMAT = [
  ['address/company', 'symbol/dash', 'address/department'],
  ['address/first_name', 'address/last_name'],
  ['address/street'],
  ['address/zipcode', 'address/city'],
  ['address/country'],
];

/** The id of a country of the shop (ISO 3166-1 alpha-2 code), as addresses and the context carry it. */
export function countryId(iso: string): string {
  return stableId('country', iso);
}

/** The shop's countries in Shopware's shape, named for `locale`. */
export function shopCountries(locale: string): StoreCountry[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return COUNTRY_CODES.map((iso, position) => {
    const name = names.of(iso) ?? iso;
    return {
      id: countryId(iso),
      name,
      iso,
      position: position + 1,
      active: true,
      shippingAvailable: true,
      displayStateInRegistration: false,
      forceStateInRegistration: false,
      vatIdRequired: false,
      postalCodeRequired: true,
      checkPostalCodePattern: true,
      isEu: true,
      addressFormat: DEFAULT_ADDRESS_FORMAT,
      states: [],
      translated: { name },
      apiAlias: 'country',
    };
  });
}

/** True when `country` passes the filter; throws for a filter the route does not offer. */
function matches(country: StoreCountry, filter: FilterNode): boolean {
  const field = 'field' in filter ? filter.field.replace(/^country\./, '') : '';
  if (
    (filter.type === 'equals' || filter.type === 'equalsAny') &&
    ['id', 'iso', 'active', 'shippingAvailable'].includes(field)
  ) {
    const value = country[field as 'id' | 'iso' | 'active' | 'shippingAvailable'];
    const wanted = filter.type === 'equals' ? [filter.value] : filter.value;
    return wanted.some((w) => String(w) === String(value));
  }
  throw new StoreApiError(
    400,
    SHOPWARE_ERROR_CODES.FRAMEWORK__INVALID_FILTER_QUERY,
    'Countries can be filtered by id, iso, active and shippingAvailable.',
    {
      parameters: { field: field || filter.type },
    },
  );
}

export function registerCountryRoutes(app: Hono<StoreApiEnv>): void {
  app.on(['GET', 'POST'], '/store-api/country', async (c) => {
    const criteria = await requestCriteria(c);
    let list = shopCountries(c.get('context').language.localeCode);
    if (criteria.ids) list = list.filter((country) => criteria.ids!.includes(country.id));
    for (const filter of criteria.filter) list = list.filter((country) => matches(country, filter));
    const { page, limit, offset } = pagination(criteria, 100);
    const elements = list.slice(offset, offset + limit);
    return c.json(applyIncludes(searchResult('country', elements, list.length, page, limit), criteria.includes));
  });

  app.on(['GET', 'POST'], '/store-api/salutation', async (c) => {
    const criteria = await requestCriteria(c);
    const list = [salutationOf('male'), salutationOf('female'), salutationOf(null)];
    const { page, limit, offset } = pagination(criteria, 100);
    const elements = list.slice(offset, offset + limit);
    return c.json(applyIncludes(searchResult('salutation', elements, list.length, page, limit), criteria.includes));
  });
}
