/**
 * cXML credentials: shared-secret storage and comparison, identity comparison, and the multiple-credential rule.
 *
 * Storage of shared secrets: SHA-256 of the UTF-8 secret, as 64 lowercase hex digits. A cXML shared secret is a
 * machine credential agreed per buyer (cXML Reference Guide 1.2.051 §3.1.7: the Sender's SharedSecret), which the shop
 * issues as a long random value ({@link generateSharedSecret}, 256 bits); for a secret of that entropy a plain digest
 * is as strong as a slow password hash, and checking it costs nothing per request. A weak, human-chosen secret would
 * need a slow hash (scrypt/argon2) instead — do not configure one. The comparison digests the given secret and
 * compares the two digests with `crypto.timingSafeEqual`, so its duration does not depend on where they differ, nor
 * on the given secret's length.
 *
 * Identities: compared case-insensitively and without surrounding whitespace, both domain and identity (`NetworkId`
 * and `NetworkID` both occur, Ariba test ids end in `-T` or `-t`).
 *
 * Multiple credentials (cXML Reference Guide 1.2.051 §3.1.7.5): From, To and Sender may carry several Credential
 * elements. Every credential whose domain the receiver recognises must be valid and all of them must name the same
 * party; the same domain with two different identities is refused.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CxmlRequestError } from './errors.ts';

/** A domain + identity pair (a Credential without its authentication element). */
export interface CxmlIdentity {
  domain: string;
  identity: string;
}

/** A party the shop knows, under one of its identities; a party with several identities appears several times. */
export interface KnownIdentity<P> extends CxmlIdentity {
  party: P;
}

const STORED_HASH = /^[0-9a-f]{64}$/i;
const DUMMY_HASH = Buffer.alloc(32);

/** The stored form of a shared secret: SHA-256 of its UTF-8 bytes, 64 lowercase hex digits. */
export function hashSharedSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A new shared secret for a buyer: 32 random bytes as base64url (43 characters, no padding). */
export function generateSharedSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Whether a received SharedSecret matches the stored hash, in constant time. A missing or empty secret, or a stored
 * value that is not a SHA-256 hex digest, never matches (the comparison still runs, against a dummy digest).
 */
export function secretMatches(given: string | null | undefined, storedHash: string): boolean {
  const stored = STORED_HASH.test(storedHash) ? Buffer.from(storedHash, 'hex') : DUMMY_HASH;
  const digest = createHash('sha256')
    .update(given ?? '', 'utf8')
    .digest();
  const equal = timingSafeEqual(digest, stored);
  return equal && Boolean(given) && stored !== DUMMY_HASH;
}

/** Whether two credentials name the same identity: domain and identity equal, ignoring case and outer whitespace. */
export function identityMatches(a: CxmlIdentity, b: CxmlIdentity): boolean {
  return sameDomain(a.domain, b.domain) && normalise(a.identity) === normalise(b.identity);
}

/**
 * The one party a list of credentials (From, To or Sender of a document) names, by the multiple-credential rule of
 * cXML Reference Guide 1.2.051 §3.1.7.5.
 *
 * A domain is recognised when some known identity uses it. Credentials in unrecognised domains are ignored. Each
 * credential in a recognised domain must match a known identity, and all matches must be the same party.
 *
 * @param credentials the credentials as received (e.g. `setupRequest.from`).
 * @param known the identities the shop knows, each with its party (e.g. a company id).
 * @param sameParty equality of parties (default `Object.is`).
 * @returns the party.
 * @throws CxmlRequestError 401 when no credential is in a recognised domain, one in a recognised domain matches no
 *   known identity, two credentials of the same domain carry different identities, or the matches name different
 *   parties.
 */
export function resolveParty<P>(
  credentials: readonly CxmlIdentity[],
  known: readonly KnownIdentity<P>[],
  sameParty: (a: P, b: P) => boolean = Object.is,
): P {
  const seen = new Map<string, string>();
  let party: { value: P } | null = null;
  for (const credential of credentials) {
    const domain = normalise(credential.domain);
    if (!known.some((k) => sameDomain(k.domain, domain))) continue;
    const identity = normalise(credential.identity);
    const earlier = seen.get(domain);
    if (earlier !== undefined && earlier !== identity) {
      throw new CxmlRequestError(401, `Conflicting credentials: domain "${credential.domain}" appears twice.`);
    }
    seen.set(domain, identity);
    const match = known.find((k) => identityMatches(k, credential));
    if (!match) throw new CxmlRequestError(401, 'Unknown credential.');
    if (party && !sameParty(party.value, match.party)) {
      throw new CxmlRequestError(401, 'The credentials name different parties.');
    }
    party = { value: match.party };
  }
  if (!party) throw new CxmlRequestError(401, 'No recognised credential.');
  return party.value;
}

/** A Sender the shop knows: its identity, the stored hash of its shared secret, and its party. */
export interface KnownSender<P> extends KnownIdentity<P> {
  secretHash: string;
}

/**
 * Authenticates the Sender of a request (cXML Reference Guide 1.2.051 §5.6.2.1: the SharedSecret "is the supplier's
 * password or login to the PunchOut site"): resolves the party by {@link resolveParty}, then requires the
 * SharedSecret of every credential that matched a known sender to match that sender's stored hash.
 *
 * @returns the party.
 * @throws CxmlRequestError 401 for unknown or conflicting credentials and for a missing or wrong shared secret
 *   (one message for both, so the answer does not tell which part was wrong).
 */
export function authenticateSender<P>(
  sender: readonly (CxmlIdentity & { sharedSecret: string | null })[],
  known: readonly KnownSender<P>[],
  sameParty: (a: P, b: P) => boolean = Object.is,
): P {
  const party = resolveParty(sender, known, sameParty);
  let checked = 0;
  let ok = true;
  for (const credential of sender) {
    const match = known.find((k) => identityMatches(k, credential));
    if (!match) continue;
    checked += 1;
    ok = secretMatches(credential.sharedSecret, match.secretHash) && ok;
  }
  if (checked === 0 || !ok) throw new CxmlRequestError(401, 'Sender credentials were not accepted.');
  return party;
}

function normalise(value: string): string {
  return value.trim().toLowerCase();
}

function sameDomain(a: string, b: string): boolean {
  return normalise(a) === normalise(b);
}
