import type { ProductRecord } from '../domain/product.js';
import { partNumberKeys, titleBlockingKeys } from '../matching/title.js';
import { titleKey, type TitleKeyRecord } from '../store/product-key-repository.js';

/** The title keys a product is found by: the blocking keys of its name in every language and of its
 *  part number, flagged while the product has no GTIN. */
export function titleKeyRecords(product: ProductRecord, brandName: string): TitleKeyRecord[] {
  const keys = new Set<string>();
  for (const text of Object.values(product.texts)) {
    for (const key of titleBlockingKeys(text.name, brandName || undefined)) keys.add(key);
  }
  for (const key of partNumberKeys(product.mpn)) keys.add(key);
  return [...keys].map((key) => titleKey(key, product.brandId, product._id, product.gtins.length === 0));
}
