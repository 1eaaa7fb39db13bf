/**
 * Company and customer registration (the storefront's `/register/company` and `/register/customer` pages;
 * docs/openapi/provider.json; accounts wait for the supplier's activation, docs/decisions/010):
 *
 * - `POST /store-api/{provider}/register/company`: a new company and its first user, a lead buyer with all 24
 *   rights; both inactive until the supplier activates them (`npm run account:activate -- <username|client number>`).
 *   Errors: `INVALID_VAT_NUMBER`, `VAT_NUMBER_ALREADY_EXISTS`, `DUPLICATE_USERNAME`, `VIOLATION::…` per field,
 *   `UNKNOWN` for anything else. Writes the "registration received" mail with the registration (its delivery is a job). Answers `{ customerId, companyId, active }`
 *   and a fresh anonymous `sw-context-token` (the token rotates on registration; no session opens before activation).
 * - `GET …/register/company/exists?companyNumber=…(&vatNumber=…)`: `{ exists }`, nothing else about the company.
 * - `POST …/register/company/customer`: an extra user of an existing company, found by client number (and VAT
 *   number when given); the user waits inactive with the buyer rights. `COMPANY_DOESNT_EXIST` (also when the VAT
 *   number does not match), `CLIENT_IS_BLOCKED`, `DUPLICATE_USERNAME`. Answers `{ customerId }`.
 * - `GET …/register/cities/search?zipcode=…|city=…(&country=…)`: `{ elements: [{ zipcode, city, country }] }`.
 *
 * Enumeration (docs/decisions/010): a signup form must say that a username is taken (DUPLICATE_USERNAME), and
 * a VAT number's registration is reported without naming its company; registration and look-ups are rate-limited
 * per client address (429 `FRAMEWORK__RATE_LIMIT_EXCEEDED`).
 */
import { eq } from 'drizzle-orm';
import type { Hono, MiddlewareHandler } from 'hono';
import type { LocaleCode } from '../../../contract/locales.ts';
import {
  type CitySearchResponse,
  type CompanyExistsResponse,
  type CompanyRegistrationResponse,
  type CustomerRegistrationResponse,
} from '../../../contract/provider/registration.ts';
import { validateVatNumber } from '../../../contract/vat.ts';
import { hashPassword } from '../../auth/password.ts';
import { clientAddress, enforceRateLimits, ipKey, type RateLimitRule } from '../../auth/rate-limit.ts';
import { RIGHT_CODES, ROLE_DEFAULT_RIGHTS } from '../../auth/rights.ts';
import type { BackendConfig } from '../../config.ts';
import { searchCities } from '../../data/cities.ts';
import type { Db } from '../../db/client.ts';
import { companyAddressTable, companyTable, customerTable } from '../../db/schema/index.ts';
import { languageId } from '../../db/seed-channel.ts';
import { StoreApiError } from '../../http/errors.ts';
import { randomId } from '../../lib/ids.ts';
import { queueMail } from '../../mail/outbox.ts';
import type { JobSender } from '../../jobs/queues.ts';
import { registrationReceivedMail } from '../../mail/templates.ts';
import type { StoreApiEnv } from '../context.ts';
import { customerRow, usernameTaken, writeRights } from '../../commerce/accounts/customer-model.ts';
import { describeErrorForLog } from '../../db/errors.ts';
import { providerRoute } from '../../http/provider-route.ts';

export interface RegistrationDeps {
  db: Db;
  config: BackendConfig;
  /** Enqueues the "registration received" mail with the registration; none: nothing is enqueued. */
  jobs?: JobSender | undefined;
}

/** Registrations per client address per hour, and company look-ups (`exists`); the city search is not limited. */
export const REGISTRATION_LIMITS = {
  registerIp: { max: 10, windowSeconds: 60 * 60 },
  existsIp: { max: 30, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

const invalidVat = () => new StoreApiError(400, 'INVALID_VAT_NUMBER', 'The VAT number is not valid.');
const duplicateUsername = () => new StoreApiError(400, 'DUPLICATE_USERNAME', 'The username is already taken.');

/** Any failure that is not one of the documented answers becomes the generic `UNKNOWN` (docs/decisions/010). */
function asRegistrationError(err: unknown): Error {
  if (err instanceof StoreApiError) return err;
  const code =
    (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  const constraint = String((err as { constraint?: string; cause?: { constraint?: string } }).cause?.constraint ?? '');
  if (code === '23505' && constraint.includes('username')) return duplicateUsername();
  if (code === '23505' && constraint.includes('vat'))
    return new StoreApiError(400, 'VAT_NUMBER_ALREADY_EXISTS', 'The VAT number is already registered.');
  console.error(`[store-api] registration failed: ${describeErrorForLog(err)}`);
  return new StoreApiError(500, 'UNKNOWN', 'The registration could not be completed.');
}

/** A new, unused client number: 6 digits starting with 5 (self-registered companies). */
async function newCompanyNumber(db: Db): Promise<string> {
  for (;;) {
    const candidate = `5${String(Math.floor(Math.random() * 100000)).padStart(5, '0')}`;
    const [hit] = await db
      .select({ id: companyTable.id })
      .from(companyTable)
      .where(eq(companyTable.companyNumber, candidate))
      .limit(1);
    if (!hit) return candidate;
  }
}

/** Registers the registration routes on the app (see the module comment). */
export function registerRegistrationRoutes(app: Hono<StoreApiEnv>, deps: RegistrationDeps): void {
  const { db, config } = deps;

  /** Counts the request against a per-address limit before its body is read, so invalid requests count too. */
  const limited =
    (key: string, rule: RateLimitRule): MiddlewareHandler<StoreApiEnv> =>
    async (c, next) => {
      // A caller without a known address (no socket, no x-real-ip) is not limited per address: one shared
      // counter would let one client block registration for every other such caller.
      await enforceRateLimits(db, [[ipKey(key, clientAddress(c)), rule]]);
      await next();
    };

  providerRoute(
    app,
    config.provider,
    'registerCompany',
    async (c) => {
      try {
        const body = c.req.valid('json');
        const vat = validateVatNumber(body.vatNumber);
        if (!vat.valid) throw invalidVat();
        const [vatHolder] = await db
          .select({ id: companyTable.id })
          .from(companyTable)
          .where(eq(companyTable.vatId, vat.normalized))
          .limit(1);
        if (vatHolder) {
          throw new StoreApiError(400, 'VAT_NUMBER_ALREADY_EXISTS', 'The VAT number is already registered.');
        }
        const { username } = body;
        if (await usernameTaken(db, username)) throw duplicateUsername();
        const locale = body.language ?? (c.get('context').language.localeCode as LocaleCode);
        const passwordHash = await hashPassword(body.password);
        const companyId = randomId();
        const customerId = randomId();
        const companyNumber = await newCompanyNumber(db);
        await db.transaction(async (tx) => {
          await tx.insert(companyTable).values({
            id: companyId,
            companyNumber,
            name: body.companyName,
            vatId: vat.normalized,
            active: false,
            branch: body.branch ?? null,
            branchIndustry: body.branchIndustry ?? null,
            locale,
            street: body.street,
            houseNumber: body.number,
            box: body.box ?? null,
            zipcode: body.zipcode,
            city: body.city,
            countryCode: body.country,
            phone: body.phone ?? null,
            emailForInvoice: body.emailForInvoice || null,
            customFields: {
              isNew: body.isNew,
              existingCompanyNumber: body.existingCompanyNumber ?? null,
              registeredAt: new Date().toISOString(),
            },
          });
          await tx.insert(companyAddressTable).values({
            id: randomId(),
            companyId,
            name: body.companyName,
            street: body.street,
            houseNumber: body.number,
            box: body.box ?? null,
            zipcode: body.zipcode,
            city: body.city,
            countryCode: body.country,
            email: body.emailForInvoice || null,
            isMain: true,
          });
          await tx.insert(customerTable).values(
            customerRow(
              { ...body, salutation: body.prefix },
              {
                id: customerId,
                companyId,
                username,
                passwordHash,
                languageId: languageId(locale),
                active: false,
                pendingActivation: 'with_company',
                leadBuyer: true,
                role: 'lead_buyer',
              },
            ),
          );
          await writeRights(tx, customerId, RIGHT_CODES);
          await queueMail(
            tx,
            registrationReceivedMail({ to: body.email, name: `${body.firstName} ${body.lastName}`, locale, username }),
            deps.jobs,
          );
        });
        c.header('sw-context-token', randomId());
        return {
          customerId,
          companyId,
          active: false,
          apiAlias: 'company_registration',
        } satisfies CompanyRegistrationResponse;
      } catch (err) {
        throw asRegistrationError(err);
      }
    },
    { middleware: [limited('register', REGISTRATION_LIMITS.registerIp)] },
  );

  providerRoute(
    app,
    config.provider,
    'companyExists',
    async (c) => {
      const q = c.req.valid('query');
      const [row] = await db
        .select({ vatId: companyTable.vatId })
        .from(companyTable)
        .where(eq(companyTable.companyNumber, q.companyNumber))
        .limit(1);
      const exists = Boolean(row) && (!q.vatNumber || validateVatNumber(q.vatNumber).normalized === row!.vatId);
      return { exists } satisfies CompanyExistsResponse;
    },
    { middleware: [limited('register-exists', REGISTRATION_LIMITS.existsIp)] },
  );

  providerRoute(
    app,
    config.provider,
    'registerCompanyCustomer',
    async (c) => {
      try {
        const body = c.req.valid('json');
        const [company] = await db
          .select()
          .from(companyTable)
          .where(eq(companyTable.companyNumber, body.companyNumber))
          .limit(1);
        const vatMatches =
          !body.vatNumber || (company && validateVatNumber(body.vatNumber).normalized === company.vatId);
        if (!company || !vatMatches) {
          throw new StoreApiError(404, 'COMPANY_DOESNT_EXIST', 'No company with this client number exists.');
        }
        if (company.blocked) {
          throw new StoreApiError(403, 'CLIENT_IS_BLOCKED', 'This client number is blocked; please contact us.');
        }
        const { username } = body;
        if (await usernameTaken(db, username)) throw duplicateUsername();
        const locale = body.language ?? (c.get('context').language.localeCode as LocaleCode);
        const customerId = randomId();
        const passwordHash = await hashPassword(body.password);
        await db.transaction(async (tx) => {
          await tx.insert(customerTable).values(
            customerRow(
              { ...body, salutation: body.prefix },
              {
                id: customerId,
                companyId: company.id,
                username,
                passwordHash,
                languageId: languageId(locale),
                active: false,
                pendingActivation: 'own',
                leadBuyer: false,
                role: 'buyer',
              },
            ),
          );
          await writeRights(tx, customerId, ROLE_DEFAULT_RIGHTS.buyer);
          await queueMail(
            tx,
            registrationReceivedMail({ to: body.email, name: `${body.firstName} ${body.lastName}`, locale, username }),
            deps.jobs,
          );
        });
        c.header('sw-context-token', randomId());
        return { customerId } satisfies CustomerRegistrationResponse;
      } catch (err) {
        throw asRegistrationError(err);
      }
    },
    { middleware: [limited('register', REGISTRATION_LIMITS.registerIp)] },
  );

  providerRoute(app, config.provider, 'searchCities', (c) => {
    const elements = searchCities(c.req.valid('query'));
    return { elements, total: elements.length } satisfies CitySearchResponse;
  });
}
