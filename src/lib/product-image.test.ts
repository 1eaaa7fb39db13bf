import { describe, expect, test } from 'vitest';
import { IMAGE_SIZES, PLACEHOLDER_IMAGE, pictureOf } from './product-image.ts';

const thumb = (width: number, height: number) => ({
  url: `/media/abc/${width}x${height}.jpg`,
  width,
  height,
  extensions: { formats: { avif: `/media/abc/${width}x${height}.avif`, webp: `/media/abc/${width}x${height}.webp` } },
});
// As the Store API sends them: not necessarily sorted.
const media = {
  url: '/media/abc/800x800.jpg',
  metaData: { width: 800, height: 800 },
  thumbnails: [thumb(800, 800), thumb(96, 96), thumb(400, 400), thumb(192, 192)],
};

describe('pictureOf', () => {
  test('a card offers every thumbnail per format by width, the JPEG of at least 400 px as src', () => {
    const picture = pictureOf(media, IMAGE_SIZES.card);
    expect(picture.sources).toEqual([
      {
        type: 'image/avif',
        srcset:
          '/media/abc/96x96.avif 96w, /media/abc/192x192.avif 192w, /media/abc/400x400.avif 400w, /media/abc/800x800.avif 800w',
      },
      {
        type: 'image/webp',
        srcset:
          '/media/abc/96x96.webp 96w, /media/abc/192x192.webp 192w, /media/abc/400x400.webp 400w, /media/abc/800x800.webp 800w',
      },
    ]);
    expect(picture).toMatchObject({
      hasImage: true,
      src: '/media/abc/400x400.jpg',
      srcset:
        '/media/abc/96x96.jpg 96w, /media/abc/192x192.jpg 192w, /media/abc/400x400.jpg 400w, /media/abc/800x800.jpg 800w',
      sizes: '(min-width: 1280px) 260px, (min-width: 768px) 30vw, 50vw',
      width: 400,
      height: 400,
    });
  });

  test('a cart line leaves out thumbnails wider than it can use', () => {
    const picture = pictureOf(media, IMAGE_SIZES.line, { maxWidth: 192 });
    expect(picture.srcset).toBe('/media/abc/96x96.jpg 96w, /media/abc/192x192.jpg 192w');
    expect(picture.src).toBe('/media/abc/192x192.jpg');
    expect(picture.sizes).toBe('80px');
  });

  test('media without thumbnails (a deep link) is shown by its URL alone; no file gives the placeholder', () => {
    expect(pictureOf({ url: 'https://cdn.example.com/a.jpg' }, IMAGE_SIZES.detail)).toMatchObject({
      hasImage: true,
      sources: [],
      src: 'https://cdn.example.com/a.jpg',
      srcset: undefined,
    });
    for (const none of [null, undefined, { url: '' }, { url: '  ' }]) {
      expect(pictureOf(none, IMAGE_SIZES.card, { fallbackSize: { width: 400, height: 545 } })).toEqual({
        hasImage: false,
        sources: [],
        src: PLACEHOLDER_IMAGE,
        srcset: undefined,
        sizes: IMAGE_SIZES.card,
        width: 400,
        height: 545,
      });
    }
  });

  test('a format missing for some size is not offered at all (a partial srcset would misguide the browser)', () => {
    const partial = {
      url: media.url,
      thumbnails: [thumb(96, 96), { url: '/media/abc/400x400.jpg', width: 400, height: 400 }],
    };
    const picture = pictureOf(partial, IMAGE_SIZES.card);
    expect(picture.sources).toEqual([]);
    expect(picture.srcset).toBe('/media/abc/96x96.jpg 96w, /media/abc/400x400.jpg 400w');
  });
});
