import { BY_BRAND, TITLE_EXTRAS } from '../catalog/localized.js';
import type { SeedProduct } from '../catalog/seed-product.js';
import type { Rng } from '../random/prng.js';
import type { SeedShop } from '../shops/seed-shop.js';
import type { Language } from '../taxonomy/category.js';

/** The brand as this shop spells it. */
export function brandAsWritten(product: SeedProduct, shop: SeedShop): string {
  if (shop.brandCase === 'upper') return product.brand.name.toUpperCase();
  if (shop.brandCase === 'lower') return product.brand.name.toLowerCase();
  return product.brand.name;
}

/**
 * The title a shop writes for a product: its own word order, brand casing, the product noun in
 * its language, sometimes extra words ("NEU", "OVP") or the part number. The same product thus
 * reaches catalog under several different titles, as in real feeds.
 */
export function shopTitle(product: SeedProduct, shop: SeedShop, language: Language, rng: Rng): string {
  const brand = brandAsWritten(product, shop);
  const noun = product.template.noun[language];
  const variant = product.variant ? product.variant[language] : '';
  const model = product.model;
  let title: string;
  switch (shop.titleStyle) {
    case 0:
      title = `${brand} ${model} ${noun}${variant ? `, ${variant}` : ''}`;
      break;
    case 1:
      title = `${noun} ${brand} ${model}${variant ? ` (${variant})` : ''}`;
      break;
    case 2:
      title = `${brand} ${model}${variant ? ` - ${variant}` : ''}`;
      break;
    case 3:
      title = `${noun} ${model} ${BY_BRAND[language]} ${brand}${variant ? ` ${variant}` : ''}`;
      break;
    case 4:
      title = `${brand} ${noun} ${model}${variant ? ` ${variant}` : ''} ${product.mpn}`;
      break;
    default:
      title = `${brand} ${model}${variant ? ` ${variant}` : ''} | ${noun}`;
  }
  if (rng.chance(shop.extraWordChance)) title = `${title} ${rng.pick(TITLE_EXTRAS[language])}`;
  return title;
}
