/**
 * Companies and their users (customers), rights, addresses, and the records behind login, password recovery,
 * registration mail and audit (docs/decisions/008, 010; the provider API in docs/openapi/provider.json). One company
 * has many customers; every customer belongs to exactly one company.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './common.ts';

/** Kinds of waiting registration (`customer.pending_activation`). */
export type PendingActivation = 'with_company' | 'own';

export const companyTable = pgTable(
  'company',
  {
    id: idColumn('id').primaryKey(),
    /** The supplier's client number (registration's `companyNumber` / `existingCompanyNumber`). */
    companyNumber: text('company_number').notNull(),
    name: text('name').notNull(),
    /** Normalised VAT number (country prefix + digits/letters, no spaces or dots); unique when set. */
    vatId: text('vat_id'),
    /** Inactive companies cannot log in (`{provider}__COMPANY_IS_INACTIVE`). */
    active: boolean('active').notNull().default(true),
    /** A blocked client number cannot register users (`CLIENT_IS_BLOCKED`). */
    blocked: boolean('blocked').notNull().default(false),
    /** Branch code: IMH_ANT, IMH_HAS, IMI_IZE, IML_LIE, IML_WAL, IMM_MEL or VDB_IND. */
    branch: text('branch'),
    branchIndustry: text('branch_industry'),
    /** Locale of the company's correspondence, e.g. nl-NL. */
    locale: text('locale').notNull().default('nl-NL'),
    street: text('street'),
    houseNumber: text('house_number'),
    box: text('box'),
    zipcode: text('zipcode'),
    city: text('city'),
    /** ISO 3166-1 alpha-2. */
    countryCode: text('country_code').notNull().default('BE'),
    phone: text('phone'),
    emailForInvoice: text('email_for_invoice'),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('company_number_idx').on(t.companyNumber),
    uniqueIndex('company_vat_idx')
      .on(t.vatId)
      .where(sql`vat_id IS NOT NULL`),
  ],
);

export const customerTable = pgTable(
  'customer',
  {
    id: idColumn('id').primaryKey(),
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companyTable.id, { onDelete: 'cascade' }),
    /** Login name, unique across the shop, compared case-insensitively (stored lower-case). */
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** argon2id PHC string; null until the user has set a password. */
    passwordHash: text('password_hash'),
    /** 'female' or 'male' (registration's `prefix`). */
    salutation: text('salutation'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    mobile: text('mobile'),
    fax: text('fax'),
    customerFunction: text('customer_function'),
    /** Inactive customers cannot log in (`{provider}__CUSTOMER_IS_INACTIVE`); new registrations wait inactive. */
    active: boolean('active').notNull().default(false),
    /**
     * Why an inactive customer waits for the supplier: 'with_company' for the first user of a registered company
     * (activated together with the company), 'own' for an extra user registered into an existing company (activated
     * on their own, by username). Null for everyone else: a user deactivated on purpose is not waiting, so
     * activating the company leaves them inactive.
     */
    pendingActivation: text('pending_activation').$type<PendingActivation>(),
    leadBuyer: boolean('lead_buyer').notNull().default(false),
    /** OCI punch-out customer (answered as `customFields.isOciCustomer`). */
    isOciCustomer: boolean('is_oci_customer').notNull().default(false),
    /**
     * Set on the customer a punch-out session shops as (backend/db/schema/punchout.ts): not a person, never listed
     * among the company's users, deleted with the session.
     */
    punchOutSessionId: idColumn('punch_out_session_id'),
    /** Role name read and set by `{provider}/account/{id}/role`: buyer, lead_buyer, approver, account_manager. */
    role: text('role').notNull().default('buyer'),
    /** Account managers may log in as customers of the companies they look after (ids), or all when null. */
    managedCompanyIds: text('managed_company_ids').array(),
    /** Login must first set a new password (`{provider}__FORCED_CUSTOMER_RECOVERY`). */
    forceRecovery: boolean('force_recovery').notNull().default(false),
    doubleOptInRegistration: boolean('double_opt_in_registration').notNull().default(false),
    doubleOptInConfirmDate: timestamp('double_opt_in_confirm_date', { withTimezone: true, mode: 'date' }),
    defaultBillingAddressId: idColumn('default_billing_address_id'),
    defaultShippingAddressId: idColumn('default_shipping_address_id'),
    languageId: idColumn('language_id'),
    orderCount: integer('order_count').notNull().default(0),
    lastLogin: timestamp('last_login', { withTimezone: true, mode: 'date' }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex('customer_username_idx').on(t.username), index('customer_company_idx').on(t.companyId)],
);

/** Rights of a customer (contract/rights.ts): one row per right code, `enabled` true or false. */
export const customerRightTable = pgTable(
  'customer_right',
  {
    customerId: idColumn('customer_id')
      .notNull()
      .references(() => customerTable.id, { onDelete: 'cascade' }),
    /** ROLE_… code of contract/rights.ts. */
    code: text('code').notNull(),
    enabled: boolean('enabled').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.code] })],
);

/** Addresses belong to a company. */
export const companyAddressTable = pgTable(
  'company_address',
  {
    id: idColumn('id').primaryKey(),
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companyTable.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    street: text('street').notNull(),
    houseNumber: text('house_number'),
    box: text('box'),
    zipcode: text('zipcode').notNull(),
    city: text('city').notNull(),
    countryCode: text('country_code').notNull().default('BE'),
    email: text('email'),
    additional: text('additional'),
    /** The company's main address (one per company). */
    isMain: boolean('is_main').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('company_address_company_idx').on(t.companyId)],
);

/** Password recovery and set-password links: only the SHA-256 of the secret is stored; single use, expiring. */
export const passwordRecoveryTable = pgTable(
  'password_recovery',
  {
    id: idColumn('id').primaryKey(),
    customerId: idColumn('customer_id')
      .notNull()
      .references(() => customerTable.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the hash sent in the link. */
    secretHash: text('secret_hash').notNull(),
    /** 'recovery' (forgot password), 'forced' (login demanded it) or 'invitation' (new user sets a password). */
    purpose: text('purpose').notNull().default('recovery'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_recovery_secret_idx').on(t.secretHash),
    index('password_recovery_customer_idx').on(t.customerId),
  ],
);

/**
 * Every outgoing mail, written before it is sent (in the transaction of the change it belongs to, where there is one):
 * kept as the development outbox when no SMTP server is configured, otherwise delivered by a retried job that first
 * claims the row (`claimedAt`), so a mail is never lost when SMTP is down and sent once however many processes run.
 */
export const mailOutboxTable = pgTable('mail_outbox', {
  id: idColumn('id').primaryKey(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /** Template key, e.g. 'password-recovery', 'registration-received'. */
  template: text('template').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  /** When a delivery attempt took the row (database clock); a claim older than the claim timeout may be taken again. */
  claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
  /** Delivery attempts so far (SMTP handed the mail over or refused it). */
  attempts: integer('attempts').notNull().default(0),
  /** The last delivery error (message only, at most 200 characters). */
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Security-relevant actions: login as customer, rights changes, user deletion. */
export const auditLogTable = pgTable(
  'audit_log',
  {
    id: idColumn('id').primaryKey(),
    actorCustomerId: idColumn('actor_customer_id'),
    action: text('action').notNull(),
    targetCustomerId: idColumn('target_customer_id'),
    companyId: idColumn('company_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_actor_idx').on(t.actorCustomerId), index('audit_log_target_idx').on(t.targetCustomerId)],
);

/** Fixed-window counters for rate limiting login, recovery and registration, shared by every backend instance. */
export const rateLimitTable = pgTable('rate_limit', {
  /** e.g. `login:user:max.mustermann`, `login:ip:203.0.113.7`. */
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
