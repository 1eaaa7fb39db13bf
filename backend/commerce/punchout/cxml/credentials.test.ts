import { describe, expect, test } from 'vitest';
import {
  authenticateSender,
  generateSharedSecret,
  hashSharedSecret,
  identityMatches,
  resolveParty,
  secretMatches,
  type KnownIdentity,
} from './credentials.ts';
import { CxmlError } from './errors.ts';

function failure(run: () => unknown): CxmlError {
  try {
    run();
  } catch (error) {
    if (error instanceof CxmlError) return error;
    throw error;
  }
  throw new Error('expected a CxmlError');
}

describe('shared secrets', () => {
  test('are stored as the SHA-256 hex digest of their UTF-8 bytes', () => {
    expect(hashSharedSecret('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  test('match only the secret they were made from', () => {
    const stored = hashSharedSecret('s3cr3t-ä€');
    expect(secretMatches('s3cr3t-ä€', stored)).toBe(true);
    expect(secretMatches('s3cr3t-ä', stored)).toBe(false);
    expect(secretMatches('S3CR3T-ä€', stored)).toBe(false);
    expect(secretMatches(`s3cr3t-ä€${'x'.repeat(1000)}`, stored)).toBe(false);
  });

  test('a missing or empty secret never matches, not even the hash of the empty string', () => {
    const emptyHash = hashSharedSecret('');
    expect(secretMatches(undefined, emptyHash)).toBe(false);
    expect(secretMatches(null, emptyHash)).toBe(false);
    expect(secretMatches('', emptyHash)).toBe(false);
  });

  test('a stored value that is not a SHA-256 digest never matches', () => {
    expect(secretMatches('abc', 'abc')).toBe(false);
    expect(secretMatches('', '')).toBe(false);
    expect(secretMatches('x', '0'.repeat(64))).toBe(false);
  });

  test('generated secrets are 256-bit random base64url strings', () => {
    const a = generateSharedSecret();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateSharedSecret()).not.toBe(a);
  });
});

describe('identities', () => {
  test('are compared case-insensitively in domain and identity, ignoring outer whitespace', () => {
    expect(
      identityMatches({ domain: 'NetworkId', identity: 'AN01-t' }, { domain: 'NetworkID', identity: ' an01-T ' }),
    ).toBe(true);
    expect(identityMatches({ domain: 'DUNS', identity: '123' }, { domain: 'NetworkID', identity: '123' })).toBe(false);
    expect(identityMatches({ domain: 'DUNS', identity: '123' }, { domain: 'DUNS', identity: '1234' })).toBe(false);
  });
});

describe('multiple credentials (every recognised credential must name the same party)', () => {
  const known: KnownIdentity<string>[] = [
    { domain: 'NetworkID', identity: 'AN01', party: 'acme' },
    { domain: 'DUNS', identity: '111', party: 'acme' },
    { domain: 'DUNS', identity: '222', party: 'globex' },
  ];

  test('credentials in unrecognised domains are ignored; the recognised one names the party', () => {
    expect(
      resolveParty(
        [
          { domain: 'PrivateID', identity: 'whatever' },
          { domain: 'networkid', identity: 'an01' },
        ],
        known,
      ),
    ).toBe('acme');
  });

  test('two recognised credentials of the same party are accepted', () => {
    expect(
      resolveParty(
        [
          { domain: 'NetworkID', identity: 'AN01' },
          { domain: 'DUNS', identity: '111' },
        ],
        known,
      ),
    ).toBe('acme');
  });

  test('credentials naming different parties are refused with 401', () => {
    const error = failure(() =>
      resolveParty(
        [
          { domain: 'NetworkID', identity: 'AN01' },
          { domain: 'DUNS', identity: '222' },
        ],
        known,
      ),
    );
    expect(error.code).toBe(401);
  });

  test('the same domain with different identities is refused, even when both are known', () => {
    const error = failure(() =>
      resolveParty(
        [
          { domain: 'DUNS', identity: '111' },
          { domain: 'duns', identity: '222' },
        ],
        known,
      ),
    );
    expect(error.code).toBe(401);
    expect(error.message).toMatch(/appears twice/);
  });

  test('an unknown identity in a recognised domain is refused', () => {
    expect(failure(() => resolveParty([{ domain: 'DUNS', identity: '999' }], known)).code).toBe(401);
  });

  test('no credential in a recognised domain is refused', () => {
    expect(failure(() => resolveParty([{ domain: 'Other', identity: 'x' }], known)).code).toBe(401);
    expect(failure(() => resolveParty([], known)).code).toBe(401);
  });
});

describe('authenticateSender', () => {
  const senders = [{ domain: 'NetworkID', identity: 'AN01', party: 'acme', secretHash: hashSharedSecret('right') }];

  test('a known Sender with the right shared secret names its party', () => {
    expect(authenticateSender([{ domain: 'NetworkId', identity: 'an01', sharedSecret: 'right' }], senders)).toBe(
      'acme',
    );
  });

  test('a wrong or missing shared secret is refused with 401, with the same text as an unknown sender', () => {
    const wrong = failure(() =>
      authenticateSender([{ domain: 'NetworkID', identity: 'AN01', sharedSecret: 'wrong' }], senders),
    );
    const missing = failure(() =>
      authenticateSender([{ domain: 'NetworkID', identity: 'AN01', sharedSecret: null }], senders),
    );
    expect([wrong.code, missing.code]).toEqual([401, 401]);
    expect(wrong.message).toBe(missing.message);
    expect(
      failure(() => authenticateSender([{ domain: 'NetworkID', identity: 'AN02', sharedSecret: 'right' }], senders))
        .code,
    ).toBe(401);
  });
});
