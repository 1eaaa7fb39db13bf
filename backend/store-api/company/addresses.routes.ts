/**
 * The company's addresses (the address book of the account area):
 * - `POST /store-api/{provider}/companies/{companyId}/address`: a new address; the first one, or one sent with
 *   `mainAddress: true`, becomes the main address, which replaces the former one.
 * - `PUT …/companies/{companyId}/address/{addressId}`: changes an address; the main address stays main until
 *   another one becomes main (`VIOLATION::MAIN_ADDRESS_REQUIRED`).
 * - `DELETE …/companies/{companyId}/address/{addressId}`: deletes an address other than the main one
 *   (`VIOLATION::MAIN_ADDRESS_CANNOT_BE_DELETED`).
 *
 * Every call needs a logged-in customer with ROLE_MANAGE_ADDRESSES (else 403). Another company's id answers 404
 * exactly like one that does not exist; postal codes are checked per country.
 */
import { and, count, eq, ne } from 'drizzle-orm';
import type { Hono } from 'hono';
import type * as v from 'valibot';
import { DEFAULT_COUNTRY } from '../../../contract/countries.ts';
import { CompanyAddressRequestSchema, type CompanyAddress } from '../../../contract/provider/addresses.ts';
import { companyAddressTable } from '../../db/schema/index.ts';
import { StoreApiError, violations } from '../../http/errors.ts';
import { randomId } from '../../lib/ids.ts';
import type { StoreApiEnv } from '../context.ts';
import { companyCaller, ownCompanyId, type CompanyDeps } from './company-access.ts';
import { providerRoute } from '../../http/provider-route.ts';
import { SHOPWARE_ERROR_CODES } from '../../../contract/error-codes.ts';

type AddressRow = typeof companyAddressTable.$inferSelect;

/**
 * The provider's address shape (name, street, number, box, zipcode, city, country, email, main-address flag,
 * additional; docs/openapi/provider.json), with `houseNumber`, `countryCode` and `isMain` as the account area's
 * address list (`account/list-address`) names them, so one client model fits both. `street` is the street alone.
 */
export function mapCompanyAddress(a: AddressRow): CompanyAddress {
  return {
    id: a.id,
    companyId: a.companyId,
    name: a.name,
    street: a.street,
    number: a.houseNumber,
    houseNumber: a.houseNumber,
    box: a.box,
    zipcode: a.zipcode,
    city: a.city,
    country: a.countryCode,
    countryCode: a.countryCode,
    email: a.email,
    additional: a.additional,
    mainAddress: a.isMain,
    isMain: a.isMain,
    apiAlias: 'company_address',
  } satisfies CompanyAddress;
}

/** Registers the address routes on the app (see the module comment). */
export function registerCompanyAddressRoutes(app: Hono<StoreApiEnv>, deps: CompanyDeps): void {
  const { db, config } = deps;

  function addressNotFound(id: string): StoreApiError {
    return new StoreApiError(
      404,
      SHOPWARE_ERROR_CODES.CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND,
      `Customer address with id "${id}" not found.`,
      {
        parameters: { addressId: id },
      },
    );
  }

  async function companyAddress(companyId: string, addressId: string): Promise<AddressRow> {
    const [row] = await db
      .select()
      .from(companyAddressTable)
      .where(and(eq(companyAddressTable.id, addressId), eq(companyAddressTable.companyId, companyId)))
      .limit(1);
    if (!row) throw addressNotFound(addressId);
    return row;
  }

  function addressValues(body: v.InferOutput<typeof CompanyAddressRequestSchema>) {
    return {
      name: body.name,
      street: body.street,
      houseNumber: body.number || body.houseNumber || null,
      box: body.box || null,
      zipcode: body.zipcode,
      city: body.city,
      countryCode: body.country ?? body.countryCode ?? DEFAULT_COUNTRY,
      email: body.email || null,
      additional: body.additional || null,
    };
  }

  providerRoute(app, config.provider, 'createCompanyAddress', async (c) => {
    const me = await companyCaller(c, deps, 'ROLE_MANAGE_ADDRESSES');
    const companyId = ownCompanyId(c.req.valid('param').companyId, me, config.provider);
    const body = c.req.valid('json');
    const isMain = body.mainAddress ?? body.isMain ?? false;
    const id = randomId();
    const [row] = await db.transaction(async (tx) => {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(companyAddressTable)
        .where(eq(companyAddressTable.companyId, companyId));
      const main = isMain || n === 0;
      if (main)
        await tx.update(companyAddressTable).set({ isMain: false }).where(eq(companyAddressTable.companyId, companyId));
      return tx
        .insert(companyAddressTable)
        .values({ id, companyId, ...addressValues(body), isMain: main })
        .returning();
    });
    return mapCompanyAddress(row!);
  });

  providerRoute(app, config.provider, 'updateCompanyAddress', async (c) => {
    const me = await companyCaller(c, deps, 'ROLE_MANAGE_ADDRESSES');
    const { addressId, ...path } = c.req.valid('param');
    const companyId = ownCompanyId(path.companyId, me, config.provider);
    const body = c.req.valid('json');
    const existing = await companyAddress(companyId, addressId);
    const requested = body.mainAddress ?? body.isMain;
    if (existing.isMain && requested === false) {
      throw violations([
        {
          pointer: '/mainAddress',
          code: 'MAIN_ADDRESS_REQUIRED',
          detail: 'Make another address the main address instead.',
        },
      ]);
    }
    const [row] = await db.transaction(async (tx) => {
      if (requested === true && !existing.isMain) {
        await tx
          .update(companyAddressTable)
          .set({ isMain: false })
          .where(and(eq(companyAddressTable.companyId, companyId), ne(companyAddressTable.id, addressId)));
      }
      return tx
        .update(companyAddressTable)
        .set({ ...addressValues(body), isMain: requested ?? existing.isMain, updatedAt: new Date() })
        .where(eq(companyAddressTable.id, addressId))
        .returning();
    });
    return mapCompanyAddress(row!);
  });

  providerRoute(app, config.provider, 'deleteCompanyAddress', async (c) => {
    const me = await companyCaller(c, deps, 'ROLE_MANAGE_ADDRESSES');
    const { addressId, ...path } = c.req.valid('param');
    const companyId = ownCompanyId(path.companyId, me, config.provider);
    const existing = await companyAddress(companyId, addressId);
    if (existing.isMain) {
      throw violations([
        {
          pointer: '/addressId',
          code: 'MAIN_ADDRESS_CANNOT_BE_DELETED',
          detail: 'The main address cannot be deleted.',
        },
      ]);
    }
    await db.delete(companyAddressTable).where(eq(companyAddressTable.id, addressId));
    return null;
  });
}
