/**
 * The media store: image files by content, and their thumbnails.
 *
 * A `media_file` is one original image, stored once however many media rows (catalogue file names) point at it: its
 * key is the SHA-256 of its bytes (hex). Thumbnails are rendered from it on first request and kept in
 * `media_thumbnail`, one row per size and format. Both are immutable: new bytes give a new hash. Sizes are pixels,
 * `size` is bytes (docs/decisions/020-media-store.md).
 */
import { customType, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL `bytea` as a Node Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType() {
    return 'bytea';
  },
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value);
  },
});

export const mediaFileTable = pgTable('media_file', {
  /** SHA-256 of `data`, 64 lower-case hex characters. */
  hash: text('hash').primaryKey(),
  /** MIME type of the original: image/jpeg, image/png, image/webp, image/gif, image/avif, image/tiff or image/svg+xml. */
  mimeType: text('mime_type').notNull(),
  /** Pixel size of the original (an SVG's declared width and height). */
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** Length of `data` in bytes. */
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const mediaThumbnailTable = pgTable(
  'media_thumbnail',
  {
    /** The original's hash (`media_file.hash`). */
    hash: text('hash')
      .notNull()
      .references(() => mediaFileTable.hash, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** 'avif', 'webp' or 'jpeg'. */
    format: text('format').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.width, t.height, t.format] })],
);
