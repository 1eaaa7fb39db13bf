/**
 * The account calls through the full Store API app (as `createStoreApi` mounts them), validated against Shopware's
 * OpenAPI document (`@shopware/api-client/api-types/storeApiSchema.json`) for the standard paths.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoCustomers } from '../../seed/seed-customers.ts';
import { createTestStoreApi, type TestStoreApi } from '../../testing/test-fixtures.ts';
import { listOutbox } from '../../mail/outbox.ts';

type Schema = Record<string, unknown>;
const SCHEMA_FILE = fileURLToPath(
  new URL('../../../node_modules/@shopware/api-client/api-types/storeApiSchema.json', import.meta.url),
);
const document = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as {
  paths: Record<string, Record<string, { responses: Record<string, Schema> }>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, Schema> };
};
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: 'doc', components: document.components }, 'doc');

function validator(path: string): ValidateFunction {
  let response = document.paths[path]!.post!.responses['200']!;
  const ref = response.$ref as string | undefined;
  if (ref) response = document.components.responses[ref.split('/').pop()!]!;
  const schema = (response.content as Record<string, { schema: Schema }>)['application/json']!.schema;
  return ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) as Schema);
}

async function expectConforms(path: string, res: Response): Promise<Record<string, unknown>> {
  expect(res.status).toBe(200);
  const body = (await res.json()) as Record<string, unknown>;
  const validate = validator(path);
  const ok = validate(body);
  expect(ok ? [] : validate.errors).toEqual([]);
  return body;
}

let api: TestStoreApi;
beforeAll(async () => {
  api = await createTestStoreApi();
  await seedDemoCustomers(api.db);
});
afterAll(() => api.close());

describe('account calls conform to the Store API document', () => {
  it('login, customer, list-address, change-profile, change-email, change-password, logout', async () => {
    const login = await expectConforms(
      '/account/login',
      await api.call('POST', '/account/login', { username: 'anna.peeters', password: DEMO_PASSWORD }),
    );
    const token = { 'sw-context-token': login.contextToken as string };
    await expectConforms('/account/customer', await api.call('POST', '/account/customer', {}, token));
    await expectConforms('/account/list-address', await api.call('POST', '/account/list-address', {}, token));
    await expectConforms(
      '/account/change-profile',
      await api.call('POST', '/account/change-profile', { firstName: 'Anna', lastName: 'Peeters' }, token),
    );
    await expectConforms(
      '/account/change-email',
      await api.call(
        'POST',
        '/account/change-email',
        { email: 'anna.new@example.com', emailConfirmation: 'anna.new@example.com', password: DEMO_PASSWORD },
        token,
      ),
    );
    const changed = await expectConforms(
      '/account/change-password',
      await api.call(
        'POST',
        '/account/change-password',
        { password: DEMO_PASSWORD, newPassword: 'Anna-Neu-2026', newPasswordConfirm: 'Anna-Neu-2026' },
        token,
      ),
    );
    await expectConforms(
      '/account/logout',
      await api.call('POST', '/account/logout', {}, { 'sw-context-token': changed.contextToken as string }),
    );
  });

  it('recovery-password and its confirmation', async () => {
    await expectConforms(
      '/account/recovery-password',
      await api.call('POST', '/account/recovery-password', {
        username: 'jan.janssens',
        storefrontUrl: 'http://localhost:4321',
      }),
    );
    // The mail goes out after the answer: poll the kept mail until it is there.
    let text = '';
    for (let i = 0; i < 200 && !text; i++) {
      text = (await listOutbox(api.db, 10)).find((m) => m.template === 'password-recovery')?.text ?? '';
      if (!text) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const hash = /hash=([0-9a-f]{64})/.exec(text)![1]!;
    await expectConforms(
      '/account/customer-recovery-is-expired',
      await api.call('POST', '/account/customer-recovery-is-expired', { hash }),
    );
    await expectConforms(
      '/account/recovery-password-confirm',
      await api.call('POST', '/account/recovery-password-confirm', {
        hash,
        newPassword: 'Jan-Neu-2026',
        newPasswordConfirm: 'Jan-Neu-2026',
      }),
    );
  });
});
