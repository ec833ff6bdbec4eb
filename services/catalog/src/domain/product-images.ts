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
