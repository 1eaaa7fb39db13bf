/**
 * The demo punch-out configurations of Bouwbedrijf Peeters NV (docs/demo-logins.md, docs/decisions/025): an OCI
 * technical user and a cXML buyer credential whose return addresses may be the shop's own sites (where the
 * procurement simulator `/punchout-test` receives the transferred carts). Their secrets are published: only demo
 * databases get them, with the demo customers.
 */
import { eq } from 'drizzle-orm';
import type { BackendConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { punchOutConfigTable } from '../db/schema/index.ts';
import { addCxmlConfig, addOciConfig, PunchOutConfigError } from '../commerce/punchout/config.ts';
import { parseAllowedOrigin } from '../commerce/punchout/return-url.ts';
import { DEMO_COMPANIES, demoCompanyId } from './seed-customers.ts';

/** The published demo credentials (docs/demo-logins.md). */
export const DEMO_PUNCHOUT = {
  oci: { username: 'peeters-oci', password: 'Punchout-Demo-2026' },
  cxml: { domain: 'NetworkID', identity: 'AN-PEETERS-T', secret: 'cxml-demo-secret-2026', user: 'jan.janssens' },
} as const;

/**
 * The origins of the sales channel's domains (the shop's own sites) that may be return addresses, for the demo: a
 * site a return address may not name (the default Austrian site `http://at.localhost:…` is plain http to another host
 * than the machine's own, backend/commerce/punchout/return-url.ts) is left out instead of failing the whole seed.
 */
export function siteOrigins(config: Pick<BackendConfig, 'domains'>): string[] {
  const allowed = (origin: string) => {
    try {
      parseAllowedOrigin(origin);
      return true;
    } catch {
      return false;
    }
  };
  return [...new Set(config.domains.map((d) => new URL(d.url).origin))].filter(allowed);
}

/**
 * Adds the demo configurations unless Peeters has punch-out configurations already (an operator's changes stay).
 *
 * @returns whether it added them.
 */
export async function seedDemoPunchOut(db: Db, config: Pick<BackendConfig, 'domains'>): Promise<boolean> {
  const peeters = DEMO_COMPANIES.find((co) => co.key === 'peeters')!;
  const existing = await db
    .select({ id: punchOutConfigTable.id })
    .from(punchOutConfigTable)
    .where(eq(punchOutConfigTable.companyId, demoCompanyId('peeters')))
    .limit(1);
  if (existing.length > 0) return false;
  const origins = siteOrigins(config);
  try {
    await addDemoConfigs(db, peeters.companyNumber, origins);
  } catch (error) {
    // The operator removed Peeters or a demo user: leave it so.
    if (error instanceof PunchOutConfigError) return false;
    throw error;
  }
  return true;
}

async function addDemoConfigs(db: Db, companyNumber: string, origins: string[]): Promise<void> {
  await addOciConfig(db, {
    companyNumber,
    username: DEMO_PUNCHOUT.oci.username,
    password: DEMO_PUNCHOUT.oci.password,
    hookOrigins: origins,
    systemName: 'SAP SRM (demo)',
    // MATGROUP and EXT_CATEGORY_ID from the catalogue's UNSPSC class, as SAP buyers usually agree.
    settings: { classification: 'UNSPSC' },
  });
  await addCxmlConfig(db, {
    companyNumber,
    domain: DEMO_PUNCHOUT.cxml.domain,
    identity: DEMO_PUNCHOUT.cxml.identity,
    secret: DEMO_PUNCHOUT.cxml.secret,
    formPostOrigins: origins,
    systemName: 'Ariba (demo)',
    user: DEMO_PUNCHOUT.cxml.user,
  });
}
