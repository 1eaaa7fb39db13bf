/**
 * Punch-out (docs/decisions/025-punch-out.md): the supplier's configuration per procurement system of a company, the
 * sessions procurement systems open, their single-use starts, and the cXML OrderRequests received.
 *
 * A configuration binds a company user whose rights and prices apply (`customer_id`); every session gets a customer
 * of its own in that company (`customer.punch_out_session_id`), with that user's rights copied, so two buyers of one
 * procurement system shopping at the same time each have their own cart. The session's customer is deleted when the
 * session ends.
 */
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './common.ts';
import { companyTable, customerTable } from './customer.ts';

export type PunchOutProtocol = 'oci' | 'cxml';

export const punchOutConfigTable = pgTable(
  'punchout_config',
  {
    id: idColumn('id').primaryKey(),
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companyTable.id, { onDelete: 'cascade' }),
    protocol: text('protocol').$type<PunchOutProtocol>().notNull(),
    /** The procurement system's name on the "Transfer to …" button, e.g. "SAP SRM". */
    systemName: text('system_name').notNull(),
    /** The company user whose rights and prices apply (for OCI the technical user the call-up logs in as). */
    customerId: idColumn('customer_id')
      .notNull()
      .references(() => customerTable.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    /** OciSettings or CxmlSettings without the identities below (backend/commerce/punchout/config.ts). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** cXML: the buyer's credential (From, compared case-insensitively), lower-case domain and identity. */
    cxmlDomain: text('cxml_domain'),
    cxmlIdentity: text('cxml_identity'),
    /** cXML: SHA-256 (hex) of the shared secret the Sender credential carries. */
    secretHash: text('secret_hash'),
    /** cXML: key (hex) of the SupplierPartAuxiliaryID's HMAC, random per configuration. */
    auxKey: text('aux_key'),
    ...timestamps,
  },
  (t) => [
    index('punchout_config_company_idx').on(t.companyId),
    uniqueIndex('punchout_config_cxml_identity_idx').on(t.cxmlDomain, t.cxmlIdentity),
  ],
);

export const punchOutSessionTable = pgTable(
  'punchout_session',
  {
    id: idColumn('id').primaryKey(),
    configId: idColumn('config_id')
      .notNull()
      .references(() => punchOutConfigTable.id, { onDelete: 'cascade' }),
    /** The session's own customer (module comment); null once the session ended. */
    customerId: idColumn('customer_id'),
    protocol: text('protocol').$type<PunchOutProtocol>().notNull(),
    /** cXML `create`, `edit`, `inspect`; OCI `create`. */
    operation: text('operation').$type<'create' | 'edit' | 'inspect'>().notNull().default('create'),
    /** HOOK_URL or BrowserFormPost URL, as received (decoded once) and checked. */
    returnUrl: text('return_url').notNull(),
    /** What the protocol keeps for the transfer (OCI call-up fields; cXML BuyerCookie, identities, language). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** cXML `deploymentMode="test"`. */
    testMode: boolean('test_mode').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [index('punchout_session_config_idx').on(t.configId)],
);

/**
 * Single-use starts of a session: OCI's one-time code, cXML's StartPage URL. Only the secret's SHA-256 is kept; an OCI
 * code is looked up by it (the code is the secret alone).
 */
export const punchOutStartTable = pgTable(
  'punchout_start',
  {
    id: idColumn('id').primaryKey(),
    sessionId: idColumn('session_id')
      .notNull()
      .references(() => punchOutSessionTable.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the secret part. */
    secretHash: text('secret_hash').notNull(),
    /** `oci`, `cxml` (auth) or `inspect`. */
    kind: text('kind').$type<'oci' | 'cxml' | 'inspect'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('punchout_start_secret_idx').on(t.secretHash)],
);

/** cXML OrderRequests received, by payloadID: a repeated request gets the first answer (idempotent). */
export const cxmlOrderRequestTable = pgTable('cxml_order_request', {
  payloadId: text('payload_id').primaryKey(),
  configId: idColumn('config_id')
    .notNull()
    .references(() => punchOutConfigTable.id, { onDelete: 'cascade' }),
  orderId: idColumn('order_id'),
  /** The cXML answer sent. */
  response: text('response').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
