/**
 * The rows products point to, written before the products: manufacturers, property groups and options, media.
 * Each is upserted once per run (a `SeenSet` remembers what this run already wrote).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { manufacturerTable, mediaTable, propertyGroupOptionTable, propertyGroupTable } from '../../db/schema/index.ts';
import { isAbsoluteUrl } from '../bmecat/values.ts';
import type { CatalogProduct } from '../model.ts';
import { chunks, excludedSet, type SeenSet } from './batch.ts';
import { manufacturerId, mediaId, normaliseKey, propertyGroupId, propertyOptionId } from './ids.ts';
import { optionKey, translations } from './rows.ts';

/** Upserts the manufacturers of `products` (by normalised name) not yet in `seen`. */
export async function writeManufacturers(db: Db, products: CatalogProduct[], seen: SeenSet): Promise<void> {
  const rows = new Map<string, typeof manufacturerTable.$inferInsert>();
  for (const p of products) {
    const name = p.manufacturerName?.trim();
    if (!name) continue;
    const key = normaliseKey(name);
    if (seen.has(key) || rows.has(key)) continue;
    rows.set(key, { id: manufacturerId(name), key, name });
  }
  if (rows.size === 0) return;
  await db
    .insert(manufacturerTable)
    .values([...rows.values()])
    .onConflictDoUpdate({ target: manufacturerTable.id, set: excludedSet(manufacturerTable, ['name']) });
  for (const key of rows.keys()) seen.add(key);
}

/**
 * Upserts the property groups and options of `products` not yet in the seen sets. A group with labels merges them
 * over the stored ones; a group known only by its key keeps any stored labels.
 */
export async function writeProperties(
  db: Db,
  products: CatalogProduct[],
  seen: { groups: SeenSet; options: SeenSet },
): Promise<void> {
  const groups = new Map<string, { row: typeof propertyGroupTable.$inferInsert; named: boolean }>();
  const optionRows = new Map<string, typeof propertyGroupOptionTable.$inferInsert>();
  for (const p of products) {
    for (const prop of [...(p.properties ?? []), ...(p.options ?? [])]) {
      const groupKey = normaliseKey(prop.group);
      const gid = propertyGroupId(prop.group);
      if (!seen.groups.has(groupKey) && !groups.has(groupKey)) {
        const named = prop.groupName !== undefined && Object.keys(prop.groupName).length > 0;
        groups.set(groupKey, {
          named,
          row: {
            id: gid,
            key: groupKey,
            displayType: prop.displayType ?? 'text',
            filterable: prop.filterable ?? true,
            position: prop.position ?? 0,
            unit: prop.unit ?? null,
            translated: translations({ name: named ? prop.groupName : { 'de-DE': prop.group } }),
          },
        });
      }
      const vKey = optionKey(prop);
      const oid = propertyOptionId(prop.group, vKey);
      if (!seen.options.has(oid) && !optionRows.has(oid)) {
        optionRows.set(oid, {
          id: oid,
          groupId: gid,
          key: vKey,
          colorHexCode: prop.colorHexCode ?? null,
          translated: translations({ name: prop.value }),
        });
      }
    }
  }
  // Named groups merge their labels over stored ones; a group known only by its key keeps any stored labels.
  const named = [...groups.values()].filter((g) => g.named).map((g) => g.row);
  const unnamed = [...groups.values()].filter((g) => !g.named).map((g) => g.row);
  const groupSet = excludedSet(propertyGroupTable, ['displayType', 'filterable', 'position', 'unit']);
  if (named.length) {
    await db
      .insert(propertyGroupTable)
      .values(named)
      .onConflictDoUpdate({
        target: propertyGroupTable.id,
        set: { ...groupSet, translated: sql`property_group.translated || excluded.translated` },
      });
  }
  if (unnamed.length) {
    await db
      .insert(propertyGroupTable)
      .values(unnamed)
      .onConflictDoUpdate({
        target: propertyGroupTable.id,
        set: { translated: sql`excluded.translated || property_group.translated`, updatedAt: sql`now()` },
      });
  }
  for (const key of groups.keys()) seen.groups.add(key);
  for (const batch of chunks([...optionRows.values()], 1000)) {
    await db
      .insert(propertyGroupOptionTable)
      .values(batch)
      .onConflictDoUpdate({
        target: propertyGroupOptionTable.id,
        set: {
          ...excludedSet(propertyGroupOptionTable, ['colorHexCode']),
          translated: sql`property_group_option.translated || excluded.translated`,
        },
      });
  }
  for (const id of optionRows.keys()) seen.options.add(id);
}

/**
 * Upserts the media of `products` (id from MIME_SOURCE) not yet in `seen`; absolute URLs are kept as `url`, a stored
 * file (`CatalogMedia.file`) as `fileHash`. A later write without a file keeps the stored one.
 */
export async function writeMedia(db: Db, products: CatalogProduct[], seen: SeenSet): Promise<void> {
  const rows = new Map<string, typeof mediaTable.$inferInsert>();
  for (const p of products) {
    for (const m of p.media ?? []) {
      const id = mediaId(m.source);
      if (seen.has(id) || rows.has(id)) continue;
      const ext = /\.([a-z0-9]{1,8})(?:[?#].*)?$/i.exec(m.source)?.[1]?.toLowerCase() ?? null;
      rows.set(id, {
        id,
        fileName: m.source,
        mimeType: m.mimeType ?? null,
        fileExtension: ext,
        url: isAbsoluteUrl(m.source) ? m.source : null,
        fileHash: m.file?.hash ?? null,
        translated: translations({ title: m.description, alt: m.description }),
      });
    }
  }
  for (const batch of chunks([...rows.values()], 1000)) {
    await db
      .insert(mediaTable)
      .values(batch)
      .onConflictDoUpdate({
        target: mediaTable.id,
        set: {
          ...excludedSet(mediaTable, ['mimeType', 'fileExtension', 'url', 'translated']),
          fileHash: sql`COALESCE(excluded.file_hash, ${mediaTable.fileHash})`,
        },
      });
  }
  for (const id of rows.keys()) seen.add(id);
}
