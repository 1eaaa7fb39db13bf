/** Category listings of a test Store API, as the storefront asks for them (`POST /store-api/product-listing/{id}`). */
import { expect } from 'vitest';
import type { Hono } from 'hono';
import { languageId } from '../db/seed-channel.ts';

/** Asks for a category's listing with a criteria body, in German, optionally as a logged-in customer. */
export type ListingCall<T> = (categoryId: string, body: Record<string, unknown>, token?: string) => Promise<T>;

/**
 * A `ListingCall` on `app` with the channel's `accessKey`; every answer must be 200.
 *
 * @returns the parsed answer, typed by the caller (`T`: the fields the test reads).
 */
export function germanListingCall<T>(app: Pick<Hono, 'request'>, accessKey: string): ListingCall<T> {
  return async (id, body, token) => {
    const res = await app.request(`/store-api/product-listing/${id}`, {
      method: 'POST',
      headers: {
        'sw-access-key': accessKey,
        'content-type': 'application/json',
        'sw-language-id': languageId('de-DE'),
        ...(token ? { 'sw-context-token': token } : {}),
      },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };
}
