/**
 * The company-user model shared by the company user and registration routes: the row of a new user
 * (`customerRow`), the Customer wire shape of the provider endpoints (`mapCustomer`), id and username rules, rights
 * writing and the set-password invitation a new user receives. Request rules (names, username, e-mail, rights) are
 * the contract's (contract/fields.ts, contract/credentials.ts, contract/rights.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { normalizeUsername } from '../../../contract/credentials.ts';
import type { Salutation } from '../../../contract/fields.ts';
import type { CompanyCustomer } from '../../../contract/provider/company-users.ts';
import type { Right, RoleName } from '../../../contract/rights.ts';
import type { Db } from '../../db/client.ts';
import { customerRightTable, customerTable, type PendingActivation } from '../../db/schema/index.ts';
import { hitWindowQuota, type WindowQuota } from '../../auth/rate-limit.ts';
import { issueRecoverySecret } from '../../auth/recovery.ts';
import { rightsList } from '../../auth/rights.ts';
import type { BackendConfig } from '../../config.ts';
import { queueMail } from '../../mail/outbox.ts';
import type { JobSender } from '../../jobs/queues.ts';
import { invitationMail } from '../../mail/templates.ts';
import { StoreApiError } from '../../http/errors.ts';
import { providerErrorCode } from '../../../contract/provider.ts';

export type CustomerRow = typeof customerTable.$inferSelect;

/** Lifetime of a set-password invitation link: 7 days, in milliseconds. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The personal fields of a new company user, as registration and user creation take them from their bodies. */
export interface PersonalFields {
  email: string;
  salutation?: string | null | undefined;
  firstName: string;
  lastName: string;
  phone?: string | null | undefined;
  mobile?: string | null | undefined;
  fax?: string | null | undefined;
  customerFunction?: string | null | undefined;
}

/**
 * The row of a new company user, built once for the registrations and for users a lead buyer creates: the personal
 * fields (absent ones null) and what the route decides: id, company, username (normalised), language, whether the
 * user is active or waits for activation (`pendingActivation`), lead-buyer flag and role, and the password hash of a
 * registration (null for created users, who set their password through the invitation).
 */
export function customerRow(
  fields: PersonalFields,
  at: {
    id: string;
    companyId: string;
    username: string;
    languageId: string;
    active: boolean;
    pendingActivation?: PendingActivation | null;
    leadBuyer: boolean;
    role: string;
    passwordHash?: string | null;
  },
): typeof customerTable.$inferInsert {
  return {
    id: at.id,
    companyId: at.companyId,
    username: normalizeUsername(at.username),
    email: fields.email,
    passwordHash: at.passwordHash ?? null,
    salutation: fields.salutation ?? null,
    firstName: fields.firstName,
    lastName: fields.lastName,
    phone: fields.phone ?? null,
    mobile: fields.mobile ?? null,
    fax: fields.fax ?? null,
    customerFunction: fields.customerFunction ?? null,
    active: at.active,
    pendingActivation: at.pendingActivation ?? null,
    leadBuyer: at.leadBuyer,
    role: at.role,
    languageId: at.languageId,
  };
}

/** True when `username` (normalised) belongs to a customer other than `exceptId`. */
export async function usernameTaken(db: Db, username: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: customerTable.id })
    .from(customerTable)
    .where(eq(customerTable.username, normalizeUsername(username)))
    .limit(2);
  return rows.some((r) => r.id !== exceptId);
}

/**
 * The codes a caller may enable from a requested rights list (codes are checked by the contract's RightSchema): a
 * caller may grant only rights it holds itself, so managing contacts never escalates privileges.
 *
 * @returns the codes to enable, each once.
 * @throws StoreApiError 403 `{PROVIDER}__MISSING_RIGHT` naming the first right the caller does not hold.
 */
export function grantableRights(requested: readonly Right[], callerRights: Set<string>, provider: string): string[] {
  const enabled = requested.filter((r) => r.enabled).map((r) => r.code);
  const missing = enabled.find((code) => !callerRights.has(code));
  if (missing) {
    throw new StoreApiError(
      403,
      providerErrorCode(provider, 'MISSING_RIGHT'),
      `The right ${missing} is required to grant it.`,
      {
        parameters: { right: missing },
      },
    );
  }
  return [...new Set(enabled)];
}

/** Replaces a customer's rights: one row per code of the 24 (contract/rights.ts), enabled for `enabled`. */
export async function writeRights(db: Db, customerId: string, enabled: Iterable<string>): Promise<void> {
  const list = rightsList(enabled);
  await db.delete(customerRightTable).where(eq(customerRightTable.customerId, customerId));
  await db.insert(customerRightTable).values(list.map((r) => ({ customerId, code: r.code, enabled: r.enabled })));
}

/** The enabled right codes of several customers, by customer id. */
export async function enabledRights(db: Db, customerIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!customerIds.length) return out;
  const rows = await db
    .select({ customerId: customerRightTable.customerId, code: customerRightTable.code })
    .from(customerRightTable)
    .where(and(inArray(customerRightTable.customerId, customerIds), eq(customerRightTable.enabled, true)));
  for (const r of rows) out.set(r.customerId, [...(out.get(r.customerId) ?? []), r.code]);
  return out;
}

/**
 * The provider's Customer shape (docs/openapi/provider.json): Shopware's customer fields, the company id,
 * `customerExtension { username, leadBuyer }` (also under `extensions`, as Shopware serialises entity extensions),
 * the OCI marker in `customFields.isOciCustomer`, `budget` and `remainingBudget` (EUR: the budget per period of the
 * user's order flow and what is left of it in the current period; null without a flow budget) and the 24 `rights`.
 */
export function mapCustomer(
  row: CustomerRow,
  rights: Iterable<string>,
  flowBudget?: { budgetCents: number; remainingCents: number },
): CompanyCustomer {
  const customerExtension = {
    username: row.username,
    leadBuyer: row.leadBuyer,
    apiAlias: 'customer_extension' as const,
  };
  return {
    id: row.id,
    companyId: row.companyId,
    active: row.active,
    guest: false,
    // The columns hold only values the request schemas admitted (contract/fields.ts, contract/rights.ts).
    salutation: row.salutation as Salutation | null,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    mobile: row.mobile,
    fax: row.fax,
    customerFunction: row.customerFunction,
    role: row.role as RoleName,
    defaultBillingAddressId: row.defaultBillingAddressId,
    defaultShippingAddressId: row.defaultShippingAddressId,
    orderCount: row.orderCount,
    doubleOptInRegistration: row.doubleOptInRegistration,
    doubleOptInConfirmDate: row.doubleOptInConfirmDate?.toISOString() ?? null,
    lastLogin: row.lastLogin?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    customFields: { ...row.customFields, isOciCustomer: row.isOciCustomer },
    customerExtension,
    extensions: { customerExtension },
    budget: flowBudget ? flowBudget.budgetCents / 100 : null,
    remainingBudget: flowBudget ? flowBudget.remainingCents / 100 : null,
    rights: rightsList(rights),
    apiAlias: 'customer',
  } satisfies CompanyCustomer;
}

/**
 * The storefront base URL for links in mail: the configured domain of the request's language, else the first
 * configured domain; never a URL or Host header the caller sent, so a link cannot point to another site
 * (docs/decisions/008).
 */
export function storefrontUrl(
  config: BackendConfig,
  ctx: { salesChannel: { domains: readonly { languageId: string; url: string }[] }; language: { id: string } },
): string {
  const domain = ctx.salesChannel.domains.find((d) => d.languageId === ctx.language.id);
  const url = domain?.url ?? config.domains[0]?.url ?? '';
  return url.replace(/\/+$/, '');
}

/**
 * Invitation mails one company may send (each new user gets one): at most 25 per hour and 100 per day, each a fixed
 * window from the company's first invitation in it. Enough to set up a large customer in an afternoon; a script or
 * a taken-over account cannot use the shop to mail a list of addresses (OWASP ASVS 5.0 V2.4.1, anti-automation of
 * business functions).
 */
export const INVITATION_QUOTAS = {
  hour: { max: 25, windowSeconds: 60 * 60 },
  day: { max: 100, windowSeconds: 24 * 60 * 60 },
} as const satisfies Record<string, WindowQuota>;

/**
 * Counts one invitation mail of `companyId` against INVITATION_QUOTAS. Call it in the transaction that creates the
 * user: a refusal rolls the user back with the count, so no user is left without an invitation.
 *
 * @throws StoreApiError 429 `{PROVIDER}__INVITATION_LIMIT_EXCEEDED`, `meta.parameters` `{ seconds, limit, period }`
 *   (seconds until the full window ends, its quota, `hour` or `day`).
 */
export async function countInvitation(db: Db, companyId: string, provider: string, now?: Date): Promise<void> {
  for (const [period, quota] of Object.entries(INVITATION_QUOTAS)) {
    const seconds = await hitWindowQuota(db, `invitation:company:${companyId}:${period}`, quota, now);
    if (seconds > 0) {
      throw new StoreApiError(
        429,
        providerErrorCode(provider, 'INVITATION_LIMIT_EXCEEDED'),
        `The company has sent ${quota.max} invitations this ${period}; try again in ${seconds} seconds.`,
        { parameters: { seconds, limit: quota.max, period } },
      );
    }
  }
}

/**
 * Creates a single-use set-password link for a new user (purpose 'invitation', valid 7 days, only the SHA-256 of the
 * 256-bit secret stored) and writes the mail with it to the outbox with its delivery job (`queueMail`); call it in the
 * transaction that creates the user. The link is `{storefront}/auth/password-set?hash={secret}`, redeemed by the
 * account area's set-password call. The mail is in `locale` (de-DE, en-GB, fr-FR, nl-NL).
 *
 * @returns the secret (for tests; never sent in an API response).
 */
export async function sendInvitation(
  db: Db,
  customer: { id: string; email: string; firstName: string; lastName: string; username: string },
  baseUrl: string,
  locale: string,
  jobs: JobSender | undefined,
  now = new Date(),
): Promise<string> {
  const secret = await issueRecoverySecret(db, customer.id, 'invitation', now, INVITATION_TTL_MS);
  const link = `${baseUrl}/auth/password-set?hash=${secret}`;
  await queueMail(
    db,
    invitationMail({
      to: customer.email,
      name: `${customer.firstName} ${customer.lastName}`,
      username: customer.username,
      link,
      locale,
    }),
    jobs,
  );
  return secret;
}
