/**
 * `npm run punchout` as supplier staff use it: list, add an OCI and a cXML configuration, refuse what would open the
 * shop to a foreign return address, disable, enable and rotate a secret.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { verifyPassword } from '../../auth/password.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import { customerTable, punchOutConfigTable } from '../../db/schema/index.ts';
import { insertCompany } from '../../testing/company-test-support.ts';
import { PunchOutConfigError } from './config.ts';
import { PunchOutUsageError, runPunchOutCommand } from './cli-commands.ts';
import { secretMatches } from './cxml/credentials.ts';

let handle: DbHandle;
let company: string;
beforeAll(async () => {
  handle = await createDb();
  company = (await insertCompany(handle.db)).companyNumber;
});
afterAll(() => handle.close());

/** Runs a command and answers what it printed. */
async function run(...args: string[]): Promise<string> {
  const lines: string[] = [];
  await runPunchOutCommand(handle.db, args, (line) => lines.push(line));
  return lines.join('\n');
}

describe('npm run punchout', () => {
  test('list says when nothing is configured', async () => {
    expect(await run('list')).toBe('No punch-out configurations.');
  });

  test('oci add creates the technical user of the company, marked as OCI customer, with a hashed password', async () => {
    const out = await run(
      'oci',
      'add',
      '--company',
      company,
      '--username',
      'SRM-Tech',
      '--password',
      'a-long-password-1',
      '--hook-origin',
      'https://srm.example.com',
      '--hook-origin',
      'http://127.0.0.1:8080',
      '--unit-map',
      'C62=PCE',
    );
    expect(out).toContain(`OCI   company ${company}`);
    expect(out).toContain('user srm-tech; HOOK_URL origins https://srm.example.com http://127.0.0.1:8080');
    const [user] = await handle.db.select().from(customerTable).where(eq(customerTable.username, 'srm-tech'));
    expect(user!.isOciCustomer).toBe(true);
    expect(user!.passwordHash).not.toContain('a-long-password-1');
    expect(await verifyPassword(user!.passwordHash, 'a-long-password-1')).toBe(true);
    expect(await run('list')).toContain('user srm-tech');
  });

  test('return addresses must be https, or http on a loopback host; a taken username is refused', async () => {
    const add = (origin: string, username = 'other-tech') =>
      run(
        'oci',
        'add',
        '--company',
        company,
        '--username',
        username,
        '--password',
        'a-long-password-2',
        '--hook-origin',
        origin,
      );
    await expect(add('http://srm.example.com')).rejects.toThrow(PunchOutConfigError);
    await expect(add('javascript:alert(1)')).rejects.toThrow(PunchOutConfigError);
    await expect(add('https://*.example.com')).rejects.toThrow(PunchOutConfigError);
    await expect(add('https://srm.example.com', 'srm-tech')).rejects.toThrow(/taken/);
    await expect(
      run(
        'oci',
        'add',
        '--company',
        'NOPE',
        '--username',
        'x-tech',
        '--password',
        'a-long-password-3',
        '--hook-origin',
        'https://a.example',
      ),
    ).rejects.toThrow(/No company/);
  });

  test('cxml add keeps only the hash of the shared secret; unknown options are usage errors', async () => {
    const out = await run(
      'cxml',
      'add',
      '--company',
      company,
      '--domain',
      'NetworkID',
      '--identity',
      'AN01-T',
      '--secret',
      'a-shared-secret-123',
      '--form-post-origin',
      'https://s1.ariba.example',
      '--form-field',
      'cxml-urlencoded',
      '--allow-order-request',
    );
    expect(out).toContain('credential networkid/an01-t');
    expect(out).toContain('cxml-urlencoded');
    expect(out).toContain('OrderRequest on');
    const [row] = await handle.db
      .select()
      .from(punchOutConfigTable)
      .where(eq(punchOutConfigTable.cxmlIdentity, 'an01-t'));
    expect(row!.secretHash).not.toContain('a-shared-secret-123');
    expect(secretMatches('a-shared-secret-123', row!.secretHash!)).toBe(true);
    await expect(run('cxml', 'add', '--company', company, '--colour', 'red')).rejects.toThrow(PunchOutUsageError);
    await expect(run('frobnicate')).rejects.toThrow(PunchOutUsageError);
  });

  test('disable, enable and rotate-secret act on one configuration', async () => {
    const [row] = await handle.db
      .select()
      .from(punchOutConfigTable)
      .where(eq(punchOutConfigTable.cxmlIdentity, 'an01-t'));
    expect(await run('disable', row!.id)).toBe(`Disabled ${row!.id}.`);
    expect(await run('list')).toContain('disabled');
    expect(await run('enable', row!.id)).toBe(`Enabled ${row!.id}.`);
    const rotated = await run('rotate-secret', row!.id);
    const secret = /shown once\): (\S+)$/.exec(rotated)![1]!;
    const [after] = await handle.db.select().from(punchOutConfigTable).where(eq(punchOutConfigTable.id, row!.id));
    expect(secretMatches(secret, after!.secretHash!)).toBe(true);
    expect(secretMatches('a-shared-secret-123', after!.secretHash!)).toBe(false);
    await expect(run('disable', 'f'.repeat(32))).rejects.toThrow(PunchOutConfigError);
  });
});
