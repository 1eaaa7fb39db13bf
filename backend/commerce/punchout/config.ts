/**
 * Punch-out configurations (backend/db/schema/punchout.ts `punchout_config`), managed by supplier staff with
 * `npm run punchout` (backend/punchout-cli.ts) and read by the entry routes.
 *
 * - OCI: a technical user of the company (username and argon2id password, `customFields.isOciCustomer`, as
 *   Shopware's B2B punch-out marks OCI customers) whose rights and prices apply; HOOK_URL must be one of the allowed
 *   origins (SAP OCI 4.0 outbound section; a foreign HOOK_URL would ship the cart and its prices anywhere).
 * - cXML: the buyer's credential (From domain and identity), the SHA-256 of the shared secret the Sender carries
 *   (cXML Reference Guide 1.2.051 §3.1.7), the allowed BrowserFormPost origins, and the company user whose rights and
 *   prices apply (a technical user created for it unless an existing user is named).
 *
 * Settings not given keep the protocol's defaults (DEFAULT_OCI_SETTINGS, DEFAULT_CXML_SETTINGS).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password.ts';
import type { Db } from '../../db/client.ts';
import { companyTable, customerRightTable, customerTable, punchOutConfigTable } from '../../db/schema/index.ts';
import { randomId } from '../../lib/ids.ts';
import type { RightCode } from '../../../contract/rights.ts';
import { DEFAULT_CXML_SETTINGS, type CxmlSettings } from './cxml/settings.ts';
import { hashSharedSecret } from './cxml/credentials.ts';
import { DEFAULT_OCI_SETTINGS, type OciSettings } from './punchout-line.ts';
import { parseAllowedOrigin } from './return-url.ts';

interface ConfigBase {
  id: string;
  companyId: string;
  companyNumber: string;
  /** The company user whose rights and prices apply. */
  customerId: string;
  username: string;
  systemName: string;
  active: boolean;
}

export interface OciConfig extends ConfigBase {
  protocol: 'oci';
  settings: OciSettings;
}

export interface CxmlConfig extends ConfigBase {
  protocol: 'cxml';
  settings: CxmlSettings;
  /** SHA-256 (hex) of the shared secret. */
  secretHash: string;
  /** Key of the SupplierPartAuxiliaryID's HMAC. */
  auxKey: Buffer;
}

export type PunchOutConfig = OciConfig | CxmlConfig;

/** A configuration change that cannot be made (unknown company, taken username, invalid origin…). */
export class PunchOutConfigError extends Error {}

const CONFIG_COLUMNS = {
  config: punchOutConfigTable,
  companyNumber: companyTable.companyNumber,
  username: customerTable.username,
};

type ConfigRow = {
  config: typeof punchOutConfigTable.$inferSelect;
  companyNumber: string;
  username: string;
};

function toConfig(row: ConfigRow): PunchOutConfig {
  const c = row.config;
  const base: ConfigBase = {
    id: c.id,
    companyId: c.companyId,
    companyNumber: row.companyNumber,
    customerId: c.customerId,
    username: row.username,
    systemName: c.systemName,
    active: c.active,
  };
  if (c.protocol === 'oci') {
    return { ...base, protocol: 'oci', settings: { ...DEFAULT_OCI_SETTINGS, ...(c.settings as Partial<OciSettings>) } };
  }
  return {
    ...base,
    protocol: 'cxml',
    settings: {
      ...DEFAULT_CXML_SETTINGS,
      ...(c.settings as Partial<CxmlSettings>),
      buyerDomain: c.cxmlDomain ?? '',
      buyerIdentity: c.cxmlIdentity ?? '',
    },
    secretHash: c.secretHash ?? '',
    auxKey: Buffer.from(c.auxKey ?? '', 'hex'),
  };
}

function selectConfigs(db: Db) {
  return db
    .select(CONFIG_COLUMNS)
    .from(punchOutConfigTable)
    .innerJoin(companyTable, eq(companyTable.id, punchOutConfigTable.companyId))
    .innerJoin(customerTable, eq(customerTable.id, punchOutConfigTable.customerId));
}

/** Every configuration, by company number and protocol. */
export async function listPunchOutConfigs(db: Db): Promise<PunchOutConfig[]> {
  const rows = await selectConfigs(db).orderBy(
    asc(companyTable.companyNumber),
    asc(punchOutConfigTable.protocol),
    asc(punchOutConfigTable.createdAt),
  );
  return rows.map(toConfig);
}

/** The configuration with `id`, or null. */
export async function punchOutConfigById(db: Db, id: string): Promise<PunchOutConfig | null> {
  const [row] = await selectConfigs(db).where(eq(punchOutConfigTable.id, id)).limit(1);
  return row ? toConfig(row) : null;
}

/**
 * The active OCI configuration of a technical user (username compared lower-case) with the user's password hash, or
 * null. The caller verifies the password (also against a dummy hash when null, so the answer takes as long).
 */
export async function ociConfigByUsername(
  db: Db,
  username: string,
): Promise<{ config: OciConfig; passwordHash: string | null; usable: boolean } | null> {
  const [row] = await db
    .select({
      ...CONFIG_COLUMNS,
      passwordHash: customerTable.passwordHash,
      customerActive: customerTable.active,
      companyActive: companyTable.active,
    })
    .from(punchOutConfigTable)
    .innerJoin(companyTable, eq(companyTable.id, punchOutConfigTable.companyId))
    .innerJoin(customerTable, eq(customerTable.id, punchOutConfigTable.customerId))
    .where(and(eq(customerTable.username, username.toLowerCase()), eq(punchOutConfigTable.protocol, 'oci')))
    .limit(1);
  if (!row) return null;
  const config = toConfig(row) as OciConfig;
  return {
    config,
    passwordHash: row.passwordHash,
    usable: config.active && row.customerActive && row.companyActive,
  };
}

/**
 * The active cXML configuration of a buyer credential (domain and identity compared case-insensitively, cXML
 * Reference Guide 1.2.051 §3.1.7.5), or null.
 */
export async function cxmlConfigByIdentity(db: Db, domain: string, identity: string): Promise<CxmlConfig | null> {
  const [row] = await selectConfigs(db)
    .where(
      and(
        eq(punchOutConfigTable.protocol, 'cxml'),
        eq(punchOutConfigTable.cxmlDomain, domain.trim().toLowerCase()),
        eq(punchOutConfigTable.cxmlIdentity, identity.trim().toLowerCase()),
        eq(punchOutConfigTable.active, true),
        eq(companyTable.active, true),
      ),
    )
    .limit(1);
  return row ? (toConfig(row) as CxmlConfig) : null;
}

/** True when `customerId` is the technical user of an OCI configuration (its password is for call-ups only). */
export async function isOciTechnicalUser(db: Db, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: punchOutConfigTable.id })
    .from(punchOutConfigTable)
    .where(and(eq(punchOutConfigTable.customerId, customerId), eq(punchOutConfigTable.protocol, 'oci')))
    .limit(1);
  return Boolean(row);
}

async function companyByNumber(db: Db, companyNumber: string) {
  const [company] = await db.select().from(companyTable).where(eq(companyTable.companyNumber, companyNumber)).limit(1);
  if (!company) throw new PunchOutConfigError(`No company with client number "${companyNumber}".`);
  return company;
}

/** Rights of a technical punch-out user: see prices and stock, order (into the cart), use article links. */
const TECHNICAL_USER_RIGHTS: readonly RightCode[] = [
  'ROLE_VIEW_PRICES',
  'ROLE_PLACE_ORDERS',
  'ROLE_ACCESS_QUICK_ORDER_FORM',
  'ROLE_MANAGE_ORDER_LISTS',
];

async function createTechnicalUser(
  tx: Db,
  input: { companyId: string; username: string; passwordHash: string | null; oci: boolean; email: string },
): Promise<string> {
  const [taken] = await tx
    .select({ id: customerTable.id })
    .from(customerTable)
    .where(eq(customerTable.username, input.username))
    .limit(1);
  if (taken) throw new PunchOutConfigError(`The username "${input.username}" is taken.`);
  const id = randomId();
  await tx.insert(customerTable).values({
    id,
    companyId: input.companyId,
    username: input.username,
    email: input.email,
    passwordHash: input.passwordHash,
    firstName: input.oci ? 'OCI' : 'cXML',
    lastName: 'Punch-out',
    active: true,
    isOciCustomer: input.oci,
    role: 'buyer',
  });
  if (TECHNICAL_USER_RIGHTS.length > 0) {
    await tx
      .insert(customerRightTable)
      .values(TECHNICAL_USER_RIGHTS.map((code) => ({ customerId: id, code, enabled: true })));
  }
  return id;
}

function origins(list: readonly string[], allowSapEvent: boolean): string[] {
  try {
    return list.map((o) => parseAllowedOrigin(o, { allowSapEvent }));
  } catch (error) {
    throw new PunchOutConfigError((error as Error).message);
  }
}

export interface OciConfigInput {
  companyNumber: string;
  username: string;
  password: string;
  hookOrigins: readonly string[];
  systemName?: string;
  settings?: Partial<Omit<OciSettings, 'hookOrigins'>>;
}

/**
 * Adds an OCI configuration: creates the technical user (username lower-case, password at least 12 characters,
 * argon2id) in the company and marks it as OCI customer.
 *
 * @throws PunchOutConfigError for an unknown company, a taken username, a short password or an invalid origin.
 */
export async function addOciConfig(db: Db, input: OciConfigInput): Promise<OciConfig> {
  const username = input.username.trim().toLowerCase();
  if (!/^[a-z0-9._@-]{3,100}$/.test(username)) {
    throw new PunchOutConfigError('The username takes 3 to 100 letters, digits, dots, dashes, underscores or @.');
  }
  if (input.password.length < 12) throw new PunchOutConfigError('The password needs at least 12 characters.');
  const hookOrigins = origins(input.hookOrigins, true);
  if (hookOrigins.length === 0) throw new PunchOutConfigError('Name at least one --hook-origin.');
  const company = await companyByNumber(db, input.companyNumber);
  const passwordHash = await hashPassword(input.password);
  const id = randomId();
  await db.transaction(async (tx) => {
    const customerId = await createTechnicalUser(tx, {
      companyId: company.id,
      username,
      passwordHash,
      oci: true,
      email: company.emailForInvoice ?? `${username}@punchout.invalid`,
    });
    await tx.insert(punchOutConfigTable).values({
      id,
      companyId: company.id,
      protocol: 'oci',
      systemName: input.systemName ?? 'SAP',
      customerId,
      settings: { ...(input.settings ?? {}), hookOrigins },
    });
  });
  return (await punchOutConfigById(db, id)) as OciConfig;
}

export interface CxmlConfigInput {
  companyNumber: string;
  domain: string;
  identity: string;
  secret: string;
  formPostOrigins: readonly string[];
  systemName?: string;
  /** Username of an existing company user whose rights and prices apply; else a technical user is created. */
  user?: string;
  settings?: Partial<Omit<CxmlSettings, 'buyerDomain' | 'buyerIdentity' | 'formPostOrigins'>>;
}

/**
 * Adds a cXML configuration.
 *
 * @throws PunchOutConfigError for an unknown company or user, a credential already configured, a secret shorter
 *   than 16 characters or an invalid origin.
 */
export async function addCxmlConfig(db: Db, input: CxmlConfigInput): Promise<CxmlConfig> {
  const domain = input.domain.trim().toLowerCase();
  const identity = input.identity.trim().toLowerCase();
  if (!domain || !identity || domain.length > 100 || identity.length > 200) {
    throw new PunchOutConfigError('Name the credential with --domain and --identity.');
  }
  if (input.secret.length < 16) throw new PunchOutConfigError('The shared secret needs at least 16 characters.');
  const formPostOrigins = origins(input.formPostOrigins, false);
  if (formPostOrigins.length === 0) throw new PunchOutConfigError('Name at least one --form-post-origin.');
  const company = await companyByNumber(db, input.companyNumber);
  const [existing] = await db
    .select({ id: punchOutConfigTable.id })
    .from(punchOutConfigTable)
    .where(and(eq(punchOutConfigTable.cxmlDomain, domain), eq(punchOutConfigTable.cxmlIdentity, identity)))
    .limit(1);
  if (existing) throw new PunchOutConfigError(`The credential ${domain}/${identity} is configured already.`);
  const id = randomId();
  await db.transaction(async (tx) => {
    let customerId: string;
    if (input.user) {
      const [user] = await tx
        .select({ id: customerTable.id })
        .from(customerTable)
        .where(and(eq(customerTable.username, input.user.toLowerCase()), eq(customerTable.companyId, company.id)))
        .limit(1);
      if (!user) throw new PunchOutConfigError(`No user "${input.user}" in company ${input.companyNumber}.`);
      customerId = user.id;
    } else {
      customerId = await createTechnicalUser(tx, {
        companyId: company.id,
        username: `cxml.${identity.replace(/[^a-z0-9._@-]/g, '-')}`.slice(0, 100),
        passwordHash: null,
        oci: false,
        email: company.emailForInvoice ?? `cxml@punchout.invalid`,
      });
    }
    await tx.insert(punchOutConfigTable).values({
      id,
      companyId: company.id,
      protocol: 'cxml',
      systemName: input.systemName ?? 'Ariba',
      customerId,
      settings: { ...(input.settings ?? {}), formPostOrigins },
      cxmlDomain: domain,
      cxmlIdentity: identity,
      secretHash: hashSharedSecret(input.secret),
      auxKey: randomBytes(32).toString('hex'),
    });
  });
  return (await punchOutConfigById(db, id)) as CxmlConfig;
}

/** Switches a configuration off (its technical user can no longer call up) or on again. */
export async function setPunchOutConfigActive(db: Db, id: string, active: boolean): Promise<boolean> {
  const updated = await db
    .update(punchOutConfigTable)
    .set({ active, updatedAt: new Date() })
    .where(eq(punchOutConfigTable.id, id))
    .returning({ id: punchOutConfigTable.id });
  return updated.length > 0;
}

/**
 * Replaces the secret of a configuration: the OCI technical user's password, or the cXML shared secret.
 *
 * @returns the new secret (generated: 24 random bytes, base64url) to hand to the procurement team once.
 */
export async function rotatePunchOutSecret(db: Db, id: string, secret?: string): Promise<string | null> {
  const config = await punchOutConfigById(db, id);
  if (!config) return null;
  const next = secret ?? randomBytes(24).toString('base64url');
  if (next.length < (config.protocol === 'oci' ? 12 : 16)) {
    throw new PunchOutConfigError('The new secret is too short.');
  }
  if (config.protocol === 'oci') {
    await db
      .update(customerTable)
      .set({ passwordHash: await hashPassword(next), passwordChangedAt: new Date() })
      .where(eq(customerTable.id, config.customerId));
  } else {
    await db
      .update(punchOutConfigTable)
      .set({ secretHash: hashSharedSecret(next), updatedAt: sql`now()` })
      .where(eq(punchOutConfigTable.id, id));
  }
  return next;
}
