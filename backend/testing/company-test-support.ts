/**
 * Test helpers for the company, registration and article routes: companies, customers with rights and logged-in
 * contexts written straight into the database (the same rows registration and login produce).
 */
import { hashPassword } from '../auth/password.ts';
import { RIGHT_CODES, type RightCode } from '../auth/rights.ts';
import { createCustomerContext } from '../auth/session.ts';
import type { Db } from '../db/client.ts';
import { companyTable, customerTable } from '../db/schema/index.ts';
import { SALES_CHANNEL_ID } from '../db/seed-channel.ts';
import { randomId } from '../lib/ids.ts';
import { writeRights } from '../commerce/accounts/customer-model.ts';

let counter = 0;

/**
 * Inserts a company (active, not blocked unless told otherwise).
 *
 * @returns its id and client number.
 */
export async function insertCompany(
  db: Db,
  input: { name?: string; companyNumber?: string; vatId?: string | null; active?: boolean; blocked?: boolean } = {},
): Promise<{ id: string; companyNumber: string }> {
  counter += 1;
  const id = randomId();
  const companyNumber = input.companyNumber ?? `T${String(100000 + counter)}`;
  await db.insert(companyTable).values({
    id,
    companyNumber,
    name: input.name ?? `Company ${counter}`,
    vatId: input.vatId ?? null,
    active: input.active ?? true,
    blocked: input.blocked ?? false,
    countryCode: 'BE',
  });
  return { id, companyNumber };
}

export interface TestCustomer {
  id: string;
  username: string;
  /** Context token of a logged-in session. */
  token: string;
}

/**
 * Inserts an active customer of `companyId` with the given rights (default: all 24) and opens a session for it.
 * With `password`, the argon2id hash is stored so login works.
 */
export async function insertCustomer(
  db: Db,
  companyId: string,
  input: {
    username?: string;
    rights?: readonly RightCode[];
    leadBuyer?: boolean;
    active?: boolean;
    password?: string;
    firstName?: string;
    lastName?: string;
  } = {},
): Promise<TestCustomer> {
  counter += 1;
  const id = randomId();
  const username = input.username ?? `user${counter}`;
  await db.insert(customerTable).values({
    id,
    companyId,
    username,
    email: `${username}@example.com`,
    firstName: input.firstName ?? `First${counter}`,
    lastName: input.lastName ?? `Last${counter}`,
    active: input.active ?? true,
    leadBuyer: input.leadBuyer ?? false,
    role: input.leadBuyer ? 'lead_buyer' : 'buyer',
    passwordHash: input.password ? await hashPassword(input.password) : null,
  });
  await writeRights(db, id, input.rights ?? RIGHT_CODES);
  const token = await createCustomerContext(db, { salesChannelId: SALES_CHANNEL_ID, customerId: id });
  return { id, username, token };
}
