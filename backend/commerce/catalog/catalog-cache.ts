/**
 * In-process caches of catalogue data that changes only on import: the category tree with its SEO paths, the
 * manufacturers, property group options with their groups (per option id, loaded on first use), the listing
 * facets per category and language (manufacturer, property and availability counts), and, for the most recent
 * search terms, their candidates and facets.
 *
 * Each entry records the catalogue version it was built from (`versions`, the process's `CacheVersionState`,
 * backend/db/cache-version.ts): an entry of an older version than the current one is a miss, and a rise of the
 * version clears the cache, so every process serves the catalogue of a committed import within the bound of
 * docs/decisions/026-several-instances.md, whichever process wrote it. A load that started before the rise keeps its
 * old version and is never served as fresh after it. Entries also expire after `ttlMs` (default 5 minutes), which
 * bounds staleness from writes that bump no version (stock changes of orders). `clearCatalogCaches()` clears every
 * cache of the process.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows as rows, type Db } from '../../db/client.ts';
import type { CacheVersionState } from '../../db/cache-version.ts';
import { DEFAULT_LISTING_INDEX_MAX_ROWS } from '../../config.ts';
import type { CategoryTranslation } from '../../db/schema/category.ts';
import { loadOptions, type OptionRow } from './product.repository.ts';
import {
  indexBytes,
  LISTING_INDEX_ROW_BYTES,
  loadListingIndex,
  loadListingOrder,
  type ListingIndex,
} from './listing-index.ts';

export interface CategoryRow {
  id: string;
  parentId: string | null;
  path: string | null;
  level: number;
  position: number;
  type: string;
  linkType: string | null;
  internalLink: string | null;
  linkNewTab: boolean;
  active: boolean;
  visible: boolean;
  mediaFileName: string | null;
  translated: Partial<Record<string, CategoryTranslation>>;
  productCount: number;
  childCount: number;
  customFields: Record<string, unknown>;
  createdAt: string;
  updatedAt: string | null;
}

/** A `category` row as `categories()` selects it (snake_case columns; timestamps as the driver answers them). */
interface CategoryDbRow {
  id: string;
  parent_id: string | null;
  path: string | null;
  level: number;
  position: number;
  type: string;
  link_type: string | null;
  internal_link: string | null;
  link_new_tab: boolean;
  active: boolean;
  visible: boolean;
  media_file_name: string | null;
  translated: CategoryRow['translated'] | null;
  product_count: number;
  child_count: number;
  custom_fields: Record<string, unknown> | null;
  created_at: Date | string;
  updated_at: Date | string | null;
}

export interface CategoryIndex {
  byId: Map<string, CategoryRow>;
  /** Children per parent id, ordered by position, then id. */
  children: Map<string, CategoryRow[]>;
  /** Canonical category SEO path per `${categoryId}:${languageId}`. */
  seoPaths: Map<string, { id: string; seoPathInfo: string }>;
}

export interface ManufacturerRow {
  id: string;
  name: string;
  link: string | null;
  mediaFileName: string | null;
  translated: Partial<Record<string, { name?: string; description?: string }>>;
}

export interface CatalogCache {
  categories(): Promise<CategoryIndex>;
  manufacturers(): Promise<ManufacturerRow[]>;
  /**
   * Property group options with their groups by option id; ids not cached yet are read in one query, unknown ids
   * are absent from the map. At most OPTION_CACHE_LIMIT options are kept.
   */
  options(ids: Iterable<string>): Promise<Map<string, OptionRow>>;
  /**
   * The in-memory listing index of a category (./listing-index.ts), loaded on first use; null when the category lists
   * more than `listingIndexMaxRows` products (its `productCount`), or more than fit the budget at
   * LISTING_INDEX_ROW_BYTES each: its listings then run in SQL. The least recently
   * used indexes are dropped beyond the budget (`listingIndexBudget`, bytes), the index just loaded too when it
   * alone exceeds it (the request that loaded it still gets it).
   */
  listingIndex(categoryId: string): Promise<ListingIndex | null>;
  /** The listing indexes kept now: how many, and their approximate bytes (`indexBytes` plus their row orders). */
  listingIndexUsage(): { entries: number; bytes: number };
  /** The row order of a sorting in a category's listing index; `orderBy` is its ORDER BY over `product_listing l`. */
  listingOrder(categoryId: string, key: string, orderBy: SQL): Promise<Int32Array>;
  /** The cached value for `key`, computed once by `load` until cleared or expired. */
  memo<T>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * As `memo`, for keys taken from requests (search terms, candidate sets): only the RECENT_LIMIT most recently used
   * entries are kept.
   */
  recent<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

const registry = new Set<CatalogCache>();

/** Approximate heap bytes the listing indexes of one cache may take (about 1.5 million listed rows). */
const LISTING_INDEX_BUDGET = 256 * 1024 * 1024;

/** Entries `recent` keeps: a cached search answer part is at most a few hundred KB, so at most some ten MB. */
const RECENT_LIMIT = 256;

/** Most options one cache keeps before it starts over (bounds memory against ids sent by callers). */
const OPTION_CACHE_LIMIT = 200_000;

/** Clears every catalogue cache of this process. */
export function clearCatalogCaches(): void {
  for (const cache of registry) cache.clear();
}

export interface CatalogCacheOptions {
  /** Milliseconds an entry is served at most (default 5 minutes). */
  ttlMs?: number;
  /**
   * The process's cache versions: entries are stamped with the `catalog` version and the cache clears itself when it
   * rises. Without it every entry is of version 0 and only the TTL and `clearCatalogCaches()` end it.
   */
  versions?: CacheVersionState;
  /** Categories listing more products get no listing index (default DEFAULT_LISTING_INDEX_MAX_ROWS). */
  listingIndexMaxRows?: number;
  /** Bytes all listing indexes of the cache may take together (default 256 MiB). */
  listingIndexBudget?: number;
}

/** When and from which catalogue version an entry was built. */
interface Stamp {
  at: number;
  version: number;
}

/**
 * Creates a catalogue cache over `db`, registered for `clearCatalogCaches()`, following `options.versions` when
 * given (see the module comment).
 */
export function createCatalogCache(db: Db, options: CatalogCacheOptions = {}): CatalogCache {
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const maxRows = options.listingIndexMaxRows ?? DEFAULT_LISTING_INDEX_MAX_ROWS;
  const budget = options.listingIndexBudget ?? LISTING_INDEX_BUDGET;
  const versions = options.versions;
  const stamp = (): Stamp => ({ at: Date.now(), version: versions?.current().catalog ?? 0 });
  /** True while an entry may be served: built from the current version, younger than the TTL. */
  const isFresh = (entry: Stamp): boolean =>
    entry.version === (versions?.current().catalog ?? 0) && Date.now() - entry.at < ttlMs;
  const entries = new Map<string, Stamp & { value: Promise<unknown> }>();
  const recentEntries = new Map<string, Stamp & { value: Promise<unknown> }>();
  let optionRows = new Map<string, OptionRow>();
  let optionsStamp = stamp();
  interface IndexEntry extends Stamp {
    index: Promise<ListingIndex | null>;
    orders: Map<string, Promise<Int32Array>>;
    bytes: number;
  }
  const indexes = new Map<string, IndexEntry>();

  function indexEntry(categoryId: string): IndexEntry {
    const entry = indexes.get(categoryId);
    if (entry && isFresh(entry)) {
      indexes.delete(categoryId); // most recently used last
      indexes.set(categoryId, entry);
      return entry;
    }
    const load = async (): Promise<ListingIndex | null> => {
      const listed = (await cache.categories()).byId.get(categoryId)?.productCount ?? 0;
      // Nor an index that would not fit the budget by itself.
      return listed > maxRows || listed * LISTING_INDEX_ROW_BYTES > budget ? null : loadListingIndex(db, categoryId);
    };
    const fresh: IndexEntry = { ...stamp(), index: load(), orders: new Map(), bytes: 0 };
    indexes.delete(categoryId);
    indexes.set(categoryId, fresh);
    fresh.index.then(
      (index) => {
        fresh.bytes = index ? indexBytes(index) : 0;
        keepWithinBudget();
      },
      () => {
        if (indexes.get(categoryId) === fresh) indexes.delete(categoryId);
      },
    );
    return fresh;
  }

  /** Drops the least recently used indexes until the kept ones fit the budget; the newest goes last, if need be. */
  function keepWithinBudget(): void {
    let used = 0;
    for (const e of indexes.values()) used += e.bytes;
    for (const [key, e] of indexes) {
      if (used <= budget) break;
      used -= e.bytes;
      indexes.delete(key);
    }
  }

  function memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = entries.get(key);
    if (hit && isFresh(hit)) return hit.value as Promise<T>;
    const entry = { ...stamp(), value: load() };
    entries.set(key, entry);
    entry.value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return entry.value as Promise<T>;
  }

  function recent<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = recentEntries.get(key);
    recentEntries.delete(key); // most recently used last
    if (hit && isFresh(hit)) {
      recentEntries.set(key, hit);
      return hit.value as Promise<T>;
    }
    const entry = { ...stamp(), value: load() };
    recentEntries.set(key, entry);
    entry.value.catch(() => {
      if (recentEntries.get(key) === entry) recentEntries.delete(key);
    });
    for (const oldest of recentEntries.keys()) {
      if (recentEntries.size <= RECENT_LIMIT) break;
      recentEntries.delete(oldest);
    }
    return entry.value as Promise<T>;
  }

  const cache: CatalogCache = {
    memo,
    recent,
    categories: () =>
      memo('categories', async () => {
        const list = await rows<CategoryDbRow>(
          db,
          sql`
          SELECT id, parent_id, path, level, position, type, link_type, internal_link, link_new_tab, active, visible,
                 media_file_name, translated, product_count, child_count, custom_fields, created_at, updated_at
            FROM category`,
        );
        const byId = new Map<string, CategoryRow>();
        const children = new Map<string, CategoryRow[]>();
        for (const r of list) {
          const row: CategoryRow = {
            id: r.id,
            parentId: r.parent_id ?? null,
            path: r.path ?? null,
            level: Number(r.level),
            position: Number(r.position),
            type: r.type,
            linkType: r.link_type ?? null,
            internalLink: r.internal_link ?? null,
            linkNewTab: Boolean(r.link_new_tab),
            active: Boolean(r.active),
            visible: Boolean(r.visible),
            mediaFileName: r.media_file_name ?? null,
            translated: r.translated ?? {},
            productCount: Number(r.product_count),
            childCount: Number(r.child_count),
            customFields: r.custom_fields ?? {},
            createdAt: new Date(r.created_at).toISOString(),
            updatedAt: r.updated_at ? new Date(r.updated_at).toISOString() : null,
          };
          byId.set(row.id, row);
          if (row.parentId) {
            const list = children.get(row.parentId) ?? [];
            list.push(row);
            children.set(row.parentId, list);
          }
        }
        for (const list of children.values()) list.sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
        const seo = await rows<{ id: string; foreign_key: string; language_id: string; seo_path_info: string }>(
          db,
          sql`
          SELECT id, foreign_key, language_id, seo_path_info FROM seo_url
           WHERE route_name = 'frontend.navigation.page' AND is_canonical AND NOT is_deleted`,
        );
        const seoPaths = new Map(
          seo.map((s) => [`${s.foreign_key}:${s.language_id}`, { id: s.id, seoPathInfo: s.seo_path_info }]),
        );
        return { byId, children, seoPaths };
      }),
    manufacturers: () =>
      memo('manufacturers', async () => {
        const list = await rows<{
          id: string;
          name: string;
          link: string | null;
          media_file_name: string | null;
          translated: ManufacturerRow['translated'] | null;
        }>(
          db,
          sql`
          SELECT id, name, link, media_file_name, translated FROM product_manufacturer ORDER BY name`,
        );
        return list.map((r) => ({
          id: r.id,
          name: r.name,
          link: r.link ?? null,
          mediaFileName: r.media_file_name ?? null,
          translated: r.translated ?? {},
        }));
      }),
    listingIndex: (categoryId) => indexEntry(categoryId).index,
    listingIndexUsage() {
      let bytes = 0;
      for (const e of indexes.values()) bytes += e.bytes;
      return { entries: indexes.size, bytes };
    },
    async listingOrder(categoryId, key, orderBy) {
      const entry = indexEntry(categoryId);
      let order = entry.orders.get(key);
      if (!order) {
        order = entry.index.then((index) => {
          if (!index) throw new Error(`category ${categoryId} has no listing index: it is listed in SQL`);
          return loadListingOrder(db, index, orderBy);
        });
        entry.orders.set(key, order);
        order.catch(() => entry.orders.delete(key));
        order
          .then((o) => {
            entry.bytes += o.byteLength;
            keepWithinBudget();
          })
          .catch(() => undefined);
      }
      return order;
    },
    async options(ids) {
      if (!isFresh(optionsStamp) || optionRows.size > OPTION_CACHE_LIMIT) {
        optionRows = new Map();
        optionsStamp = stamp();
      }
      const wanted = [...new Set(ids)];
      const missing = wanted.filter((id) => !optionRows.has(id));
      if (missing.length) {
        const store = optionRows;
        for (const [id, row] of await loadOptions(db, missing)) store.set(id, row);
      }
      const out = new Map<string, OptionRow>();
      for (const id of wanted) {
        const row = optionRows.get(id);
        if (row) out.set(id, row);
      }
      return out;
    },
    clear() {
      entries.clear();
      recentEntries.clear();
      indexes.clear();
      optionRows = new Map();
      optionsStamp = stamp();
    },
  };
  registry.add(cache);
  versions?.subscribe((scope) => {
    if (scope === 'catalog') cache.clear();
  });
  return cache;
}

/** Ancestor ids of a category from its `path` (`|root|…|parent|`), root first. */
export function ancestorIds(row: Pick<CategoryRow, 'path'>): string[] {
  return (row.path ?? '').split('|').filter(Boolean);
}
