/**
 * The shared rules behave as both halves rely on: one username normalisation, the length limits, the postal-code
 * formats per country, the rights list, the provider endpoint table and its documentation.
 */
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { COUNTRY_CODES, isValidPostalCode } from './countries.ts';
import {
  LoginUsernameSchema,
  NewPasswordSchema,
  normalizeUsername,
  PASSWORD_MAX_LENGTH,
  UsernameSchema,
  USERNAME_MAX_LENGTH,
} from './credentials.ts';
import { RIGHT_CODES, RightListSchema } from './rights.ts';
import { PROVIDER_ENDPOINT_DOCS, providerEndpointResponses } from './provider/endpoint-docs.ts';
import { PROVIDER_ENDPOINTS, PROVIDER_SCHEMAS } from './provider/endpoints.ts';
import { DEFAULT_PROVIDER, ProviderSegmentSchema, providerErrorCode } from './provider.ts';

describe('usernames', () => {
  test('a new username and a login name normalise the same way: trimmed, lower-case', () => {
    expect(v.parse(UsernameSchema, '  Anna.Peeters ')).toBe('anna.peeters');
    expect(v.parse(LoginUsernameSchema, ' ANNA.peeters')).toBe('anna.peeters');
    expect(normalizeUsername('  Anna.Peeters ')).toBe('anna.peeters');
  });

  test('3 to 100 characters, no white space inside', () => {
    expect(v.safeParse(UsernameSchema, 'ab').success).toBe(false);
    expect(v.safeParse(UsernameSchema, 'a'.repeat(USERNAME_MAX_LENGTH)).success).toBe(true);
    expect(v.safeParse(UsernameSchema, 'a'.repeat(USERNAME_MAX_LENGTH + 1)).success).toBe(false);
    expect(v.safeParse(UsernameSchema, 'anna peeters').success).toBe(false);
  });
});

test('passwords: 8 to 4096 characters, kept as typed', () => {
  expect(v.safeParse(NewPasswordSchema, '1234567').success).toBe(false);
  expect(v.parse(NewPasswordSchema, ' 1234567 ')).toBe(' 1234567 ');
  expect(v.safeParse(NewPasswordSchema, 'x'.repeat(PASSWORD_MAX_LENGTH + 1)).success).toBe(false);
});

test('postal codes have the format of their country', () => {
  expect(COUNTRY_CODES).toEqual(['BE', 'NL', 'DE', 'AT', 'FR']);
  expect(isValidPostalCode('BE', '9000')).toBe(true);
  expect(isValidPostalCode('BE', '0900')).toBe(false);
  expect(isValidPostalCode('nl', '3511 ab')).toBe(true);
  expect(isValidPostalCode('NL', '3511')).toBe(false);
  expect(isValidPostalCode('DE', '01067')).toBe(true);
  expect(isValidPostalCode('FR', '7500')).toBe(false);
  expect(isValidPostalCode('AT', '1010')).toBe(true);
  expect(isValidPostalCode('LU', '1234')).toBe(true);
  expect(isValidPostalCode('CH', '8001')).toBe(true);
});

test('the rights list answers all 24 codes in their order', () => {
  const all = RIGHT_CODES.map((code) => ({ code, enabled: false }));
  expect(v.safeParse(RightListSchema, all).success).toBe(true);
  expect(v.safeParse(RightListSchema, all.slice(1)).success).toBe(false);
  expect(v.safeParse(RightListSchema, [...all.slice(1), all[0]]).success).toBe(false);
});

test('the provider segment: default werkbank, error codes upper-case', () => {
  expect(v.parse(ProviderSegmentSchema, DEFAULT_PROVIDER)).toBe('werkbank');
  expect(v.safeParse(ProviderSegmentSchema, 'Werk Bank').success).toBe(false);
  expect(providerErrorCode('my-shop', 'MISSING_RIGHT')).toBe('MY_SHOP__MISSING_RIGHT');
});

test('every endpoint names schemas that exist and one success answer', () => {
  for (const e of PROVIDER_ENDPOINTS) {
    const responses = Object.values(providerEndpointResponses(e));
    const schemas = [e.body, ...responses.map((r) => r.schema)].filter(Boolean);
    for (const name of schemas) expect(PROVIDER_SCHEMAS, `${e.operationId}: ${name}`).toHaveProperty(name!);
    expect(Object.keys(e.responses), e.operationId).toEqual([expect.stringMatching(/^2\d\d$/)]);
  }
});

test('every endpoint is documented once: a summary, the meaning of its success answer and of each non-2xx answer', () => {
  expect(Object.keys(PROVIDER_ENDPOINT_DOCS).sort()).toEqual(PROVIDER_ENDPOINTS.map((e) => e.operationId).sort());
  for (const e of PROVIDER_ENDPOINTS) {
    const doc = PROVIDER_ENDPOINT_DOCS[e.operationId as keyof typeof PROVIDER_ENDPOINT_DOCS];
    expect(doc.summary.trim(), e.operationId).not.toBe('');
    expect(doc.successDescription.trim(), e.operationId).not.toBe('');
    for (const [status, response] of Object.entries(doc.responses)) {
      expect(Number(status), `${e.operationId} ${status}`).toBeGreaterThanOrEqual(300);
      expect(response.description.trim(), `${e.operationId} ${status}`).not.toBe('');
    }
  }
});
