import { hashId } from './ids.js';
import type { ProductImageRecord } from './product.js';

/** A gallery is capped: shops send dozens of near-identical pictures. */
export const MAX_PRODUCT_IMAGES = 20;

function fileName(url: string): string {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
    return decodeURIComponent(last);
  } catch {
    return '';
  }
}

/** Gallery images from an offer's image URLs, the product name as alternative text. */
export function imagesFromUrls(urls: readonly string[], alt: string): ProductImageRecord[] {
  return urls
    .slice(0, MAX_PRODUCT_IMAGES)
    .map((src) => ({ id: hashId(['image', src], 10), name: fileName(src), src, alt, width: 0, height: 0 }));
}

/**
 * The gallery a list of URLs asks for, in its order: an image the product has already keeps its
 * id, caption, alternative text and size; a new one gets its file name as caption (the import and
 * the admin form give URLs, and re-giving the same list changes nothing).
 */
export function galleryFromUrls(urls: readonly string[], current: readonly ProductImageRecord[]): ProductImageRecord[] {
  const known = new Map(current.map((image) => [image.src, image]));
  return urls.map((src) => known.get(src) ?? { id: '', name: fileName(src), src, alt: '', width: 0, height: 0 });
}
