/**
 * Contract test for the provider's own endpoints (`/store-api/{provider}/…`): every response of the embedded
 * backend validates against the project's OpenAPI document `docs/openapi/provider.json`.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestStoreApi, FIXTURE, type TestStoreApi } from '../backend/store-api/test-fixtures.ts';

type Schema = Record<string, unknown>;
const document = JSON.parse(
  readFileSync(fileURLToPath(new URL('../docs/openapi/provider.json', import.meta.url)), 'utf8'),
) as { paths: Record<string, Record<string, { responses: Record<string, Schema> }>>; components: Schema };

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: 'provider', components: document.components }, 'provider');

function validatorFor(path: string, method: string, status: number) {
  const response = document.paths[path]?.[method]?.responses[String(status)];
  if (!response) throw new Error(`provider.json defines no ${status} for ${method.toUpperCase()} ${path}`);
  const schema = (response.content as Record<string, { schema: Schema }>)['application/json']!.schema;
  return ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"provider#/components/')));
}

let api: TestStoreApi;
beforeAll(async () => {
  api = await createTestStoreApi();
});
afterAll(() => api.close());

describe('provider endpoints conform to docs/openapi/provider.json', () => {
  test('POST /variants answers the variant count of each known parent', async () => {
    const parent = FIXTURE.products.drillSet;
    const res = await api.call('POST', `/${api.config.provider}/variants`, { ids: [parent, '0'.repeat(32)] });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { elements: { id: string; childCount: number }[] };
    const validate = validatorFor('/variants', 'post', 200);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    expect(body.elements).toEqual([expect.objectContaining({ id: parent, childCount: 3 })]);
  });

  test('POST /variants with too many ids answers the 400 envelope', async () => {
    const ids = Array.from({ length: 501 }, (_, i) => i.toString(16).padStart(32, '0'));
    const res = await api.call('POST', `/${api.config.provider}/variants`, { ids });
    expect(res.status).toBe(400);
    const validate = validatorFor('/variants', 'post', 400);
    expect(validate(await res.json()), JSON.stringify(validate.errors)).toBe(true);
  });
});
