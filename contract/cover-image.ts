/**
 * The cover image of an article in a provider answer (order list items, article links), as much of Shopware's Media
 * as a `<picture>` needs: the original's URL and pixel size and the thumbnails, each a JPEG with the same size as
 * AVIF and WebP in `extensions.formats` (docs/decisions/020-media-store.md). Thumbnails are empty for media without
 * a stored file (a name resolved through MEDIA_BASE_URL).
 */
import * as v from 'valibot';

export const CoverImageSchema = v.object({
  url: v.pipe(
    v.string(),
    v.description('URL of the original (or, for formats browsers cannot show, its largest JPEG).'),
  ),
  metaData: v.nullable(v.object({ width: v.number(), height: v.number() })),
  thumbnails: v.array(
    v.object({
      url: v.pipe(v.string(), v.description('URL of the JPEG thumbnail.')),
      width: v.number(),
      height: v.number(),
      extensions: v.object({ formats: v.object({ avif: v.string(), webp: v.string() }) }),
    }),
  ),
});
export type CoverImage = v.InferOutput<typeof CoverImageSchema>;
