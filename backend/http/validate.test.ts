/**
 * The request validator answers broken rules in Shopware's violation format: one item per issue, the constraint's
 * code, the field's JSON pointer, the rule's values in meta.parameters.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { StoreApiErrorEnvelopeSchema, type StoreApiErrorEnvelope } from '../../contract/errors.ts';
import { UsernameSchema, NewPasswordSchema } from '../../contract/credentials.ts';
import { EmailSchema } from '../../contract/fields.ts';
import { IdInputSchema } from '../../contract/ids.ts';
import { RightSchema } from '../../contract/rights.ts';
import { CitySearchQuerySchema } from '../../contract/provider/registration.ts';
import { handleError } from './errors.ts';
import { issuePointer, parseRequest, validate } from './validate.ts';

const Body = v.object({
  username: UsernameSchema,
  password: v.optional(NewPasswordSchema),
  email: v.optional(EmailSchema),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), 20),
  rights: v.optional(v.array(RightSchema)),
});

type TestEnv = { Variables: { shop: string } };

function app() {
  const hono = new Hono<TestEnv>();
  hono.onError(handleError);
  hono.use(async (c, next) => {
    c.set('shop', 'werkbank');
    await next();
  });
  hono.post('/users', validate('json', Body), (c) => {
    const body = c.req.valid('json');
    // The app's variables stay typed beside the validated body.
    return c.json({ shop: c.get('shop'), username: body.username, limit: body.limit });
  });
  hono.get('/users/:id', validate('param', v.object({ id: IdInputSchema })), (c) => c.json(c.req.valid('param')));
  hono.get('/cities', validate('query', CitySearchQuerySchema), (c) => c.json(c.req.valid('query')));
  return hono;
}

async function post(body: string, contentType = 'application/json') {
  return app().request('/users', { method: 'POST', headers: { 'content-type': contentType }, body });
}

async function violations(res: Response): Promise<StoreApiErrorEnvelope['errors']> {
  expect(res.status).toBe(400);
  const body = v.parse(StoreApiErrorEnvelopeSchema, await res.json());
  return body.errors;
}

describe('validate: the Hono validator with Shopware violations', () => {
  test('a valid body reaches the handler parsed: the username trimmed and lower-cased, defaults filled', async () => {
    const res = await post(JSON.stringify({ username: '  Anna.Peeters ' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ shop: 'werkbank', username: 'anna.peeters', limit: 20 });
  });

  test('a missing field is IS_BLANK_ERROR at its pointer, in the envelope Shopware writes', async () => {
    const [item, ...rest] = await violations(await post('{}'));
    expect(rest).toEqual([]);
    expect(item).toEqual({
      status: '400',
      code: 'VIOLATION::IS_BLANK_ERROR',
      title: 'Constraint violation error',
      detail: 'This value should not be blank.',
      meta: { parameters: {} },
      source: { pointer: '/username' },
    });
  });

  test('length rules answer TOO_SHORT_ERROR / TOO_LONG_ERROR with the limit, never echoing the value', async () => {
    const errors = await violations(await post(JSON.stringify({ username: 'ab', password: 'secret1' })));
    expect(errors.map((e) => [e.source?.pointer, e.code, e.meta?.parameters])).toEqual([
      ['/username', 'VIOLATION::TOO_SHORT_ERROR', { '{{ limit }}': 3 }],
      ['/password', 'VIOLATION::TOO_SHORT_ERROR', { '{{ limit }}': 8 }],
    ]);
    expect(errors[1]!.detail).toBe('This value is too short. It should have 8 characters or more.');
    expect(JSON.stringify(errors)).not.toContain('secret1');
    const long = await violations(await post(JSON.stringify({ username: 'x'.repeat(101) })));
    expect(long.map((e) => [e.code, e.meta?.parameters])).toEqual([
      ['VIOLATION::TOO_LONG_ERROR', { '{{ limit }}': 100 }],
    ]);
  });

  test('one item per broken rule: email, number range, type and a nested choice', async () => {
    const errors = await violations(
      await post(
        JSON.stringify({
          username: 'has space',
          email: 'not-an-address',
          limit: 500,
          rights: [
            { code: 'ROLE_VIEW_PRICES', enabled: true },
            { code: 'ROLE_FLY', enabled: 'yes' },
          ],
        }),
      ),
    );
    expect(errors.map((e) => [e.source?.pointer, e.code])).toEqual([
      ['/username', 'VIOLATION::REGEX_FAILED_ERROR'],
      ['/email', 'VIOLATION::INVALID_EMAIL'],
      ['/limit', 'VIOLATION::TOO_HIGH_ERROR'],
      ['/rights/1/code', 'VIOLATION::INVALID_ROLE'],
      ['/rights/1/enabled', 'VIOLATION::INVALID_TYPE_ERROR'],
    ]);
    expect(errors[2]!.meta?.parameters).toEqual({ '{{ limit }}': 100 });
  });

  test('an empty JSON body reads as {}; a malformed one is VIOLATION::INVALID_JSON at /', async () => {
    expect((await violations(await post(''))).map((e) => e.source?.pointer)).toEqual(['/username']);
    const [item] = await violations(await post('{"username":'));
    expect(item).toMatchObject({ code: 'VIOLATION::INVALID_JSON', source: { pointer: '/' } });
  });

  test('path parameters: a malformed id is INVALID_UUID at /id; a valid one comes out lower-case', async () => {
    const [item] = await violations(await app().request('/users/nope'));
    expect(item).toMatchObject({ code: 'VIOLATION::INVALID_UUID', source: { pointer: '/id' } });
    const res = await app().request(`/users/${'AB'.repeat(16)}`);
    expect(await res.json()).toEqual({ id: 'ab'.repeat(16) });
  });

  test('query parameters: a rule on the whole query points at the root', async () => {
    const [item] = await violations(await app().request('/cities?country=be'));
    expect(item).toMatchObject({ code: 'VIOLATION::IS_BLANK_ERROR', source: { pointer: '/' } });
    const res = await app().request('/cities?city=Gent&country=be');
    expect(await res.json()).toEqual({ city: 'Gent', country: 'BE' });
  });

  test('parseRequest throws the same 400 for a value read outside a validator', () => {
    expect(() => parseRequest(Body, { username: 'x' })).toThrowError(
      expect.objectContaining({
        status: 400,
        items: [expect.objectContaining({ code: 'VIOLATION::TOO_SHORT_ERROR' })],
      }),
    );
    expect(parseRequest(Body, { username: 'Jan' })).toMatchObject({ username: 'jan' });
  });

  test('pointers escape ~ and / (RFC 6901)', () => {
    const result = v.safeParse(v.object({ 'a/b': v.object({ 'c~d': v.string() }) }), { 'a/b': {} });
    expect(result.success).toBe(false);
    expect(issuePointer(result.issues![0]!)).toBe('/a~1b/c~0d');
  });
});
