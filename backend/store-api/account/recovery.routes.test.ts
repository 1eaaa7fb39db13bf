import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutboxTable, passwordRecoveryTable } from '../../db/schema/index.ts';
import { languageId } from '../../db/seed-channel.ts';
import { DEMO_PASSWORD } from '../../seed/seed-customers.ts';
import { createAccountTestApi, type AccountTestApi } from '../../testing/account-test-app.ts';

let api: AccountTestApi;
beforeAll(async () => {
  api = await createAccountTestApi();
});
afterAll(() => api.close());

const auth = (token: string) => ({ 'sw-context-token': token });
type Envelope = { errors: { code: string }[] };

async function mailsTo(recipient: string) {
  await api.settle();
  return api.db.select().from(mailOutboxTable).where(eq(mailOutboxTable.recipient, recipient));
}

/** Requests a recovery mail and returns the hash from the link in it. */
async function requestHash(username: string, storefrontUrl = 'http://localhost:4321'): Promise<string> {
  const res = await api.call('POST', '/account/recovery-password', { username, storefrontUrl });
  expect(res.status).toBe(200);
  const mails = await mailsTo(`${username}@example.com`);
  const text = mails.at(-1)?.text ?? '';
  const match = /password-set\?hash=([0-9a-f]{64})/.exec(text);
  if (!match) throw new Error(`no link in ${text}`);
  return match[1]!;
}

const confirm = (hash: string, password = 'Ganz-Neu-2026') =>
  api.call('POST', '/account/recovery-password-confirm', { hash, newPassword: password, newPasswordConfirm: password });

describe('POST /account/recovery-password', () => {
  it('answers the same for known and unknown users and mails only the known one', async () => {
    const known = await api.call('POST', '/account/recovery-password', {
      username: 'jan.janssens',
      storefrontUrl: 'http://localhost:4321',
    });
    const unknown = await api.call('POST', '/account/recovery-password', {
      username: 'nobody.at.all',
      storefrontUrl: 'http://localhost:4321',
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.text()).toBe(await unknown.text());
    const mails = await mailsTo('jan.janssens@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.template).toBe('password-recovery');
    expect(mails[0]!.text).toMatch(/^Beste Jan Janssens,/);
    expect(mails[0]!.text).toContain('http://localhost:4321/auth/password-set?hash=');
  });

  it('sends no mail to inactive users', async () => {
    const res = await api.call('POST', '/account/recovery-password', { username: 'els.inactief' });
    expect(res.status).toBe(200);
    expect(await mailsTo('els.inactief@example.com')).toHaveLength(0);
  });

  it('builds the link only from configured domains, never from Host or X-Forwarded-Host', async () => {
    await requestHash('lotte.claes', 'http://localhost:4321/fr/');
    const fr = (await mailsTo('lotte.claes@example.com')).at(-1)!;
    expect(fr.text).toContain('http://localhost:4321/fr/auth/password-set?hash=');
    expect(fr.subject).toBe('Réinitialiser votre mot de passe');
    await api.call(
      'POST',
      '/account/recovery-password',
      { username: 'lotte.claes', storefrontUrl: 'https://evil.example' },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'sw-language-id': languageId('de-DE') },
    );
    const evil = (await mailsTo('lotte.claes@example.com')).at(-1)!;
    expect(evil.text).not.toContain('evil.example');
    expect(evil.text).toContain('http://localhost:4321/de/auth/password-set?hash=');
  });

  it('stores only a digest of the secret', async () => {
    const hash = await requestHash('pieter.oci');
    const rows = await api.db.select().from(passwordRecoveryTable);
    expect(rows.some((r) => r.secretHash === hash)).toBe(false);
    expect(JSON.stringify(rows)).not.toContain(hash);
  });

  it('is rate-limited per username', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await api.call('POST', '/account/recovery-password', { username: 'ghost.two' })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('POST /account/recovery-password-confirm', () => {
  it('sets the password, ends every session and works once', async () => {
    const a = await api.login('eva.gruber');
    const b = await api.login('eva.gruber');
    const hash = await requestHash('eva.gruber');
    const res = await confirm(hash);
    expect(res.status).toBe(200);
    expect((await api.call('GET', '/account/customer', undefined, auth(a))).status).toBe(403);
    expect((await api.call('GET', '/account/customer', undefined, auth(b))).status).toBe(403);
    expect((await api.call('POST', '/account/login', { username: 'eva.gruber', password: DEMO_PASSWORD })).status).toBe(
      401,
    );
    expect(await api.login('eva.gruber', 'Ganz-Neu-2026')).toMatch(/^[0-9a-f]{32}$/);
    const reuse = await confirm(hash, 'Noch-Einmal-2026');
    const unknown = await confirm('f'.repeat(64), 'Noch-Einmal-2026');
    expect(reuse.status).toBe(404);
    const reuseText = await reuse.text();
    expect(reuseText).toBe(await unknown.text());
    expect((JSON.parse(reuseText) as Envelope).errors[0]!.code).toBe('CHECKOUT__CUSTOMER_RECOVERY_HASH_EXPIRED');
  });

  it('rejects an expired hash with the same answer', async () => {
    const hash = await requestHash('markus.huber');
    const check = await api.call('POST', '/account/customer-recovery-is-expired', { hash });
    expect(await check.json()).toMatchObject({ isExpired: false });
    api.advance(2 * 60 * 60 * 1000 + 1000);
    const expiredCheck = await api.call('POST', '/account/customer-recovery-is-expired', { hash });
    expect(await expiredCheck.json()).toMatchObject({ isExpired: true });
    const res = await confirm(hash);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(await (await confirm('e'.repeat(64))).text());
  });

  it('invalidates an older hash when a newer one is requested', async () => {
    const older = await requestHash('anna.peeters');
    const newer = await requestHash('anna.peeters');
    expect((await confirm(older)).status).toBe(404);
    expect((await confirm(newer)).status).toBe(200);
  });

  it('validates the new password before using the hash', async () => {
    const hash = await requestHash('tom.wuyts');
    const mismatch = await api.call('POST', '/account/recovery-password-confirm', {
      hash,
      newPassword: 'Passwort-Eins-1',
      newPasswordConfirm: 'Passwort-Zwei-2',
    });
    expect(mismatch.status).toBe(400);
    expect(((await mismatch.json()) as Envelope).errors[0]!.code).toBe('VIOLATION::NOT_EQUAL_ERROR');
    expect((await confirm(hash)).status).toBe(200);
  });
});
