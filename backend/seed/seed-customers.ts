/**
 * Demo companies and their users: every kind of user the shop knows, each with the rights of its role, so the
 * login, rights and account flows can be tried at once. Idempotent with stable ids: existing rows are left as they
 * are, missing ones are added. A shop start calls it only for a database that wants demo users and has none of the
 * demo companies yet (backend/runtime.ts `seedDemoCustomersIfWanted`), so they are seeded once.
 *
 * All demo users share the published password `DEMO_PASSWORD`; docs/demo-logins.md lists them.
 */
import { eq } from 'drizzle-orm';
import { hashPassword } from '../auth/password.ts';
import { RIGHT_CODES, ROLE_DEFAULT_RIGHTS, type RightCode, type RoleName } from '../auth/rights.ts';
import type { Db } from '../db/client.ts';
import {
  companyAddressTable,
  companyTable,
  customerRightTable,
  customerTable,
  type PendingActivation,
} from '../db/schema/index.ts';
import { languageId } from '../db/seed-channel.ts';
import { stableId } from '../lib/ids.ts';

/** Password of every demo user. */
export const DEMO_PASSWORD = 'Werkbank!2026';

interface DemoCompany {
  key: string;
  companyNumber: string;
  name: string;
  vatId: string | null;
  active: boolean;
  branch: string | null;
  locale: string;
  street: string;
  houseNumber: string;
  zipcode: string;
  city: string;
  countryCode: string;
  phone: string;
  addresses: { key: string; name: string; street: string; houseNumber: string; zipcode: string; city: string }[];
}

interface DemoUser {
  username: string;
  company: string;
  firstName: string;
  lastName: string;
  salutation: 'female' | 'male';
  role: RoleName;
  /** Rights instead of the role's defaults. */
  rights?: RightCode[];
  active?: boolean;
  /** A registration waiting for the supplier (`customer.pending_activation`). */
  pendingActivation?: PendingActivation;
  forceRecovery?: boolean;
  oci?: boolean;
  /** Company keys an account manager looks after. */
  manages?: string[];
  locale: string;
}

/** Stable id of a demo company by key ('peeters', 'huber', 'werkbank', 'pending'). */
export const demoCompanyId = (key: string): string => stableId('demo-company', key);
/** Stable id of a demo user by username. */
export const demoCustomerId = (username: string): string => stableId('demo-customer', username);

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    key: 'peeters',
    companyNumber: '100001',
    name: 'Bouwbedrijf Peeters NV',
    vatId: 'BE0417497106',
    active: true,
    branch: 'IMH_ANT',
    locale: 'nl-NL',
    street: 'Noorderlaan',
    houseNumber: '112',
    zipcode: '2030',
    city: 'Antwerpen',
    countryCode: 'BE',
    phone: '+32 3 555 01 00',
    addresses: [
      {
        key: 'main',
        name: 'Hoofdzetel',
        street: 'Noorderlaan',
        houseNumber: '112',
        zipcode: '2030',
        city: 'Antwerpen',
      },
      {
        key: 'site',
        name: 'Werf Gent',
        street: 'Kortrijksesteenweg',
        houseNumber: '45',
        zipcode: '9000',
        city: 'Gent',
      },
    ],
  },
  {
    key: 'huber',
    companyNumber: '200001',
    name: 'Huber Metallbau GmbH',
    vatId: 'ATU13585627',
    active: true,
    branch: 'VDB_IND',
    locale: 'de-DE',
    street: 'Industriestraße',
    houseNumber: '7',
    zipcode: '4061',
    city: 'Pasching',
    countryCode: 'AT',
    phone: '+43 7229 555 00',
    addresses: [
      {
        key: 'main',
        name: 'Firmensitz',
        street: 'Industriestraße',
        houseNumber: '7',
        zipcode: '4061',
        city: 'Pasching',
      },
    ],
  },
  {
    key: 'werkbank',
    companyNumber: '900001',
    name: 'Werkbank Vertrieb',
    vatId: null,
    active: true,
    branch: null,
    locale: 'de-DE',
    street: 'Handelsweg',
    houseNumber: '1',
    zipcode: '8020',
    city: 'Graz',
    countryCode: 'AT',
    phone: '+43 316 555 00',
    addresses: [
      { key: 'main', name: 'Zentrale', street: 'Handelsweg', houseNumber: '1', zipcode: '8020', city: 'Graz' },
    ],
  },
  {
    key: 'pending',
    companyNumber: '100002',
    name: 'Technische Handel Wouters BV',
    vatId: 'BE0876153983',
    active: false,
    branch: 'IML_LIE',
    locale: 'nl-NL',
    street: 'Kempische Steenweg',
    houseNumber: '300',
    zipcode: '3500',
    city: 'Hasselt',
    countryCode: 'BE',
    phone: '+32 11 555 00 00',
    addresses: [
      {
        key: 'main',
        name: 'Hoofdzetel',
        street: 'Kempische Steenweg',
        houseNumber: '300',
        zipcode: '3500',
        city: 'Hasselt',
      },
    ],
  },
];

export const DEMO_USERS: DemoUser[] = [
  {
    username: 'anna.peeters',
    company: 'peeters',
    firstName: 'Anna',
    lastName: 'Peeters',
    salutation: 'female',
    role: 'lead_buyer',
    locale: 'nl-NL',
  },
  {
    username: 'jan.janssens',
    company: 'peeters',
    firstName: 'Jan',
    lastName: 'Janssens',
    salutation: 'male',
    role: 'buyer',
    locale: 'nl-NL',
  },
  {
    username: 'lotte.claes',
    company: 'peeters',
    firstName: 'Lotte',
    lastName: 'Claes',
    salutation: 'female',
    role: 'approver',
    locale: 'nl-NL',
  },
  {
    username: 'tom.wuyts',
    company: 'peeters',
    firstName: 'Tom',
    lastName: 'Wuyts',
    salutation: 'male',
    role: 'buyer',
    rights: ['ROLE_VIEW_PRICES', 'ROLE_MANAGE_ORDER_LISTS', 'ROLE_MANAGE_OWN_CONTACT_INFO'],
    locale: 'nl-NL',
  },
  {
    username: 'pieter.oci',
    company: 'peeters',
    firstName: 'Pieter',
    lastName: 'Maes',
    salutation: 'male',
    role: 'buyer',
    oci: true,
    locale: 'nl-NL',
  },
  {
    username: 'els.inactief',
    company: 'peeters',
    firstName: 'Els',
    lastName: 'Mertens',
    salutation: 'female',
    role: 'buyer',
    active: false,
    locale: 'nl-NL',
  },
  {
    username: 'bart.reset',
    company: 'peeters',
    firstName: 'Bart',
    lastName: 'Willems',
    salutation: 'male',
    role: 'buyer',
    forceRecovery: true,
    locale: 'nl-NL',
  },
  {
    username: 'markus.huber',
    company: 'huber',
    firstName: 'Markus',
    lastName: 'Huber',
    salutation: 'male',
    role: 'lead_buyer',
    locale: 'de-DE',
  },
  {
    username: 'eva.gruber',
    company: 'huber',
    firstName: 'Eva',
    lastName: 'Gruber',
    salutation: 'female',
    role: 'buyer',
    locale: 'de-DE',
  },
  {
    username: 'sophie.berger',
    company: 'werkbank',
    firstName: 'Sophie',
    lastName: 'Berger',
    salutation: 'female',
    role: 'account_manager',
    manages: ['peeters', 'huber'],
    locale: 'de-DE',
  },
  {
    username: 'kim.wouters',
    company: 'pending',
    firstName: 'Kim',
    lastName: 'Wouters',
    salutation: 'female',
    role: 'lead_buyer',
    active: false,
    pendingActivation: 'with_company',
    locale: 'nl-NL',
  },
];

/** Adds the demo companies, addresses, users and rights that are missing. */
export async function seedDemoCustomers(db: Db): Promise<void> {
  for (const co of DEMO_COMPANIES) {
    const id = demoCompanyId(co.key);
    await db
      .insert(companyTable)
      .values({
        id,
        companyNumber: co.companyNumber,
        name: co.name,
        vatId: co.vatId,
        active: co.active,
        branch: co.branch,
        locale: co.locale,
        street: co.street,
        houseNumber: co.houseNumber,
        zipcode: co.zipcode,
        city: co.city,
        countryCode: co.countryCode,
        phone: co.phone,
      })
      .onConflictDoNothing();
    for (const a of co.addresses) {
      await db
        .insert(companyAddressTable)
        .values({
          id: stableId('demo-address', `${co.key}:${a.key}`),
          companyId: id,
          name: a.name,
          street: a.street,
          houseNumber: a.houseNumber,
          zipcode: a.zipcode,
          city: a.city,
          countryCode: co.countryCode,
          isMain: a.key === 'main',
        })
        .onConflictDoNothing();
    }
  }
  for (const u of DEMO_USERS) {
    const id = demoCustomerId(u.username);
    const [existing] = await db.select({ id: customerTable.id }).from(customerTable).where(eq(customerTable.id, id));
    if (existing) continue;
    const inserted = await db
      .insert(customerTable)
      .values({
        id,
        companyId: demoCompanyId(u.company),
        username: u.username,
        email: `${u.username}@example.com`,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        salutation: u.salutation,
        firstName: u.firstName,
        lastName: u.lastName,
        phone: '+32 3 555 01 23',
        active: u.active ?? true,
        pendingActivation: u.pendingActivation ?? null,
        leadBuyer: u.role === 'lead_buyer',
        isOciCustomer: u.oci ?? false,
        role: u.role,
        managedCompanyIds: u.manages ? u.manages.map(demoCompanyId) : null,
        forceRecovery: u.forceRecovery ?? false,
        languageId: languageId(u.locale),
      })
      .onConflictDoNothing()
      .returning({ id: customerTable.id });
    if (inserted.length === 0) continue;
    const enabled = new Set<string>(u.rights ?? ROLE_DEFAULT_RIGHTS[u.role]);
    await db
      .insert(customerRightTable)
      .values(RIGHT_CODES.map((code) => ({ customerId: id, code, enabled: enabled.has(code) })))
      .onConflictDoNothing();
  }
}
