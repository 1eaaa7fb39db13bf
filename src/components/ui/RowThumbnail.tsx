/**
 * The cover of an article in a row of the account's tables (order list items, article links): a 48 px box with the
 * `<picture>` of ProductPicture, the placeholder when the article has no image. Decorative: the row names the
 * article beside it, so the image has an empty `alt`.
 */
import { IMAGE_SIZES, pictureOf, type MediaImage } from '../../lib/product-image.ts';
import { ProductPicture } from './ProductPicture.tsx';

export function RowThumbnail({ cover }: { cover: MediaImage | null }) {
  return (
    <div className="h-12 w-12 shrink-0 overflow-hidden rounded border border-line bg-white">
      <ProductPicture
        picture={pictureOf(cover, IMAGE_SIZES.tableRow, { maxWidth: 96 })}
        alt=""
        className="h-full w-full object-contain"
      />
    </div>
  );
}
