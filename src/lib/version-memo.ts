/**
 * Data every visitor of a domain is shown alike (the chrome's navigation, a category's facets), kept per process for
 * the Store API cache versions it knows (cache-version.ts), so a page that misses the page cache does not load and
 * parse it again:
 *
 * - an entry belongs to the catalogue and channel versions known when its load started; once a newer one is known,
 *   every entry is dropped and the next page loads again;
 * - a Store API without versions (both 0, e.g. a real Shopware) keeps an entry UNVERSIONED_TTL_MS, as long as the
 *   sales-channel settings;
 * - one load per key at a time: the pages that want it meanwhile wait for it;
 * - a load that is not complete (a failed call), or that a Store API process behind the entry's catalogue version
 *   answered (another backend behind a load balancer, not notified yet), serves its page but is not kept: the next
 *   page loads again;
 * - at most `maxEntries` keys, the least recently used going first.
 */
import { knownCacheVersions } from './cache-version.ts';

/** How long an entry is kept when the Store API reports no cache versions (ms). */
export const UNVERSIONED_TTL_MS = 60_000;

/** What a load resolves to: the value for its page, and what decides whether later pages may be given it. */
export interface MemoLoad<T> {
  value: T;
  /** False when part of the value is missing (a failed call); absent means complete. */
  complete?: boolean;
  /** The lowest catalogue version the answers reported (`StoreApiClient.answeredCacheVersions.catalog`), if any. */
  answeredCatalog?: number | undefined;
}

export interface VersionMemo<T> {
  /**
   * The value kept for `key` at the known versions, else `load()`'s (see the module comment).
   *
   * @throws what `load` throws (nothing is kept then).
   */
  get(key: string, load: () => Promise<MemoLoad<T>>): Promise<T>;
  /** The value kept for `key` at the known versions, if any (a load in flight is not waited for). */
  peek(key: string): Promise<T> | undefined;
  /** Forgets every entry (tests). */
  clear(): void;
}

interface Entry<T> {
  catalog: number;
  channel: number;
  at: number;
  value: Promise<T>;
  settled: boolean;
}

/** A memo of values per key, at most `maxEntries` (see the module comment). */
export function createVersionMemo<T>(options: { maxEntries: number }): VersionMemo<T> {
  const entries = new Map<string, Entry<T>>();

  /** The entry of `key` when it is current; drops every entry of older versions on the way. */
  const current = (key: string): Entry<T> | undefined => {
    const { catalog, channel } = knownCacheVersions();
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.catalog !== catalog || entry.channel !== channel) {
      entries.clear();
      return undefined;
    }
    if (catalog === 0 && channel === 0 && Date.now() - entry.at > UNVERSIONED_TTL_MS) {
      entries.delete(key);
      return undefined;
    }
    // Most recently used last (a Map keeps insertion order).
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  };

  return {
    get(key, load) {
      const hit = current(key);
      if (hit) return hit.value;
      const { catalog, channel } = knownCacheVersions();
      const entry: Entry<T> = {
        catalog,
        channel,
        at: Date.now(),
        value: Promise.resolve() as Promise<T>,
        settled: false,
      };
      const drop = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      entry.value = load().then(
        ({ value, complete, answeredCatalog }) => {
          entry.settled = true;
          const behind = answeredCatalog !== undefined && answeredCatalog < entry.catalog;
          if (complete === false || behind) drop();
          return value;
        },
        (error: unknown) => {
          drop();
          throw error;
        },
      );
      entries.set(key, entry);
      while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
      return entry.value;
    },
    peek(key) {
      const hit = current(key);
      return hit?.settled ? hit.value : undefined;
    },
    clear() {
      entries.clear();
    },
  };
}
