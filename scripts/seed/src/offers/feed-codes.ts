import { gtinCheckDigit } from '../catalog/gtin.js';
import type { SeedProduct } from '../catalog/seed-product.js';
import type { Rng } from '../random/prng.js';
import type { SeedShop } from '../shops/seed-shop.js';

/**
 * The GTIN as a shop's feed carries it: usually right (sometimes as GTIN-14 with a leading zero),
 * sometimes missing (catalog must match by MPN or title), sometimes the all-zero placeholder or
 * mistyped so that the check digit fails (the crawler then sends no GTIN, only the raw value).
 */
export function feedGtin(product: SeedProduct, shop: SeedShop, rng: Rng): string {
  if (rng.chance(shop.gtinOmitChance)) return '';
  if (rng.chance(shop.gtinWrongChance)) {
    if (rng.chance(0.5)) return '0000000000000';
    const body = product.gtin.slice(0, 12);
    const wrongCheck = (gtinCheckDigit(body) + rng.int(1, 9)) % 10;
    return body + String(wrongCheck);
  }
  return rng.chance(0.1) ? `0${product.gtin}` : product.gtin;
}

/** The MPN as a shop writes it: as the maker does, without separators, lower case, or not at all. */
export function feedMpn(product: SeedProduct, shop: SeedShop, rng: Rng): string {
  if (rng.chance(shop.mpnOmitChance)) return '';
  if (shop.mpnStyle === 'compact') return product.mpn.replace(/-/g, '');
  if (shop.mpnStyle === 'lower') return product.mpn.toLowerCase();
  return product.mpn;
}
