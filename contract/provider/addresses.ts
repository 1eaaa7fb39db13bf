/**
 * The address book of the caller's company (`/store-api/{provider}/companies/{companyId}/address…`): add, replace,
 * delete. Needs ROLE_MANAGE_ADDRESSES; another company's id answers 404. A company has exactly one main address:
 * its first address becomes it, `mainAddress: true` moves the flag, and the main address can be neither unflagged
 * nor deleted. The answer names house number, country and main flag twice, as `number`/`country`/`mainAddress`
 * and as `houseNumber`/`countryCode`/`isMain` (the names of Shopware's `account/list-address`), so one client
 * model reads both; `street` is the street alone.
 */
import * as v from 'valibot';
import { DEFAULT_COUNTRY, CountryInputSchema, isValidPostalCode } from '../countries.ts';
import { optionalText, OptionalEmailSchema, requiredText } from '../fields.ts';
import { IdInputSchema, IdSchema } from '../ids.ts';

const CountryCodeOut = v.pipe(v.string(), v.regex(/^[A-Z]{2}$/), v.description('ISO 3166-1 alpha-2.'));

/** A company address as the address endpoints answer it. */
export const CompanyAddressSchema = v.object({
  id: IdSchema,
  companyId: IdSchema,
  name: v.string(),
  street: v.string(),
  number: v.nullable(v.string()),
  houseNumber: v.nullable(v.string()),
  box: v.nullable(v.string()),
  zipcode: v.string(),
  city: v.string(),
  country: CountryCodeOut,
  countryCode: CountryCodeOut,
  email: v.nullable(v.string()),
  additional: v.nullable(v.string()),
  mainAddress: v.boolean(),
  isMain: v.boolean(),
  apiAlias: v.literal('company_address'),
});
export type CompanyAddress = v.InferOutput<typeof CompanyAddressSchema>;

/**
 * Request of `POST …/address` and `PUT …/address/{addressId}`. `houseNumber`, `countryCode` and `isMain` are
 * accepted for `number`, `country` and `mainAddress`. The country defaults to BE; `zipcode` must have the country's
 * postal-code format (contract/countries.ts), else the violation `ZIP_CODE_INVALID` on `/zipcode`.
 */
export const CompanyAddressRequestSchema = v.pipe(
  v.object({
    name: requiredText(),
    street: requiredText(),
    number: optionalText(),
    houseNumber: optionalText(),
    box: optionalText(),
    zipcode: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.nonEmpty('IS_BLANK_ERROR')),
    city: requiredText(),
    country: v.optional(CountryInputSchema),
    countryCode: v.optional(CountryInputSchema),
    email: OptionalEmailSchema,
    additional: optionalText(255),
    mainAddress: v.optional(v.boolean()),
    isMain: v.optional(v.boolean()),
  }),
  v.forward(
    v.partialCheck(
      [['country'], ['countryCode'], ['zipcode']],
      (a) => isValidPostalCode(a.country ?? a.countryCode ?? DEFAULT_COUNTRY, a.zipcode),
      'ZIP_CODE_INVALID',
    ),
    ['zipcode'],
  ),
);
export type CompanyAddressRequest = v.InferInput<typeof CompanyAddressRequestSchema>;

/** Path parameters of `…/companies/{companyId}/address`. */
export const CompanyPathSchema = v.object({ companyId: IdInputSchema });

/** Path parameters of `…/companies/{companyId}/address/{addressId}`. */
export const CompanyAddressPathSchema = v.object({ companyId: IdInputSchema, addressId: IdInputSchema });
