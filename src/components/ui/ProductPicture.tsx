/**
 * A product image in React islands (quick search, cart, checkout, order lists): the same `<picture>` as
 * ProductPicture.astro from the same model (src/lib/product-image.ts), with the placeholder after a load error.
 */
import { useState } from 'react';
import { PLACEHOLDER_IMAGE, type PictureModel } from '../../lib/product-image.ts';

export interface ProductPictureProps {
  picture: PictureModel;
  alt: string;
  className?: string;
  loading?: 'eager' | 'lazy';
}

export function ProductPicture({ picture, alt, className, loading = 'lazy' }: ProductPictureProps) {
  const [failed, setFailed] = useState(false);
  if (!picture.hasImage || failed) {
    return (
      <img
        src={PLACEHOLDER_IMAGE}
        width={picture.width}
        height={picture.height}
        alt={alt}
        loading={loading}
        decoding="async"
        className={className}
      />
    );
  }
  return (
    <picture className="contents">
      {picture.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={picture.sizes} />
      ))}
      <img
        src={picture.src}
        srcSet={picture.srcset}
        sizes={picture.srcset ? picture.sizes : undefined}
        width={picture.width}
        height={picture.height}
        alt={alt}
        loading={loading}
        decoding="async"
        className={className}
        onError={() => setFailed(true)}
      />
    </picture>
  );
}
