import type { DayNumber } from '../calendar/days.js';
import { DESCRIPTION_SENTENCES } from '../catalog/localized.js';
import type { Vertical } from '../catalog/product-templates.js';
import type { SeedProduct } from '../catalog/seed-product.js';
import { Rng } from '../random/prng.js';
import { COUNTRIES, type CountryCode } from '../shops/countries.js';
import type { SeedShop } from '../shops/seed-shop.js';
import { slugify } from '../shops/shop-names.js';
import { categoryPath, type Language, type Taxonomy } from '../taxonomy/category.js';
import { normalizeGtin } from '../catalog/gtin.js';
import { feedGtin, feedMpn } from './feed-codes.js';
import type { SeedOffer } from './seed-offer.js';
import { brandAsWritten, shopTitle } from './shop-title.js';

export interface PlannerParams {
  readonly seed: string;
  readonly untilDay: DayNumber;
  readonly historyDays: number;
  /** Absolute base of the placeholder image route, e.g. "http://127.0.0.1:3000". */
  readonly imageBaseUrl: string;
}

/** Days before launch that shops take pre-orders. */
const PRE_ORDER_DAYS = 14;

/** Decides which shops list a product, in which country, and how each describes it. */
export class OfferPlanner {
  private readonly shopsByVertical = new Map<Vertical, SeedShop[]>();
  private readonly pathCache = new Map<string, string>();

  constructor(
    private readonly params: PlannerParams,
    private readonly shops: readonly SeedShop[],
    private readonly taxonomy: Taxonomy,
  ) {
    if (shops.length === 0) throw new Error('no shops to list offers in');
  }

  offersOf(product: SeedProduct): SeedOffer[] {
    const rng = Rng.derive(this.params.seed, 'offers', product.index);
    const chosen = weightedSample(
      rng,
      this.eligibleShops(product.template.vertical),
      Math.min(product.offerCount, this.shops.length),
    );
    return chosen.map((shop, slot) => this.offer(product, shop, slot));
  }

  private offer(product: SeedProduct, shop: SeedShop, slot: number): SeedOffer {
    const { seed, untilDay, historyDays, imageBaseUrl } = this.params;
    const rng = Rng.derive(seed, 'offer', product.index, slot);
    const country: CountryCode =
      shop.countries.length > 1 && rng.chance(0.35) ? rng.pick(shop.countries.slice(1)) : shop.country;
    const language: Language =
      country === shop.country ? shop.language : (COUNTRIES[country].languages[0]?.[0] ?? 'en');
    const title = shopTitle(product, shop, language, rng);
    const rawGtin = feedGtin(product, shop, rng);
    const shopOfferId = this.shopOfferId(product, shop, country);
    const windowStart = untilDay - historyDays;
    const listedFrom = Math.max(windowStart, product.launchDay - PRE_ORDER_DAYS);
    // A quarter of the shops pick an item up later than the others.
    const startDay = rng.chance(0.25) ? rng.int(listedFrom, Math.max(listedFrom, untilDay - 1)) : listedFrom;
    const images = product.imageIds.map((id) => `${imageBaseUrl}/img/placeholder/${id}.svg`);
    return {
      product,
      shop,
      slot,
      country,
      currency: COUNTRIES[country].currency,
      language,
      shopOfferId,
      url: `${shop.homepageUrl}${country === shop.country ? '' : `${language}/`}p/${slugify(title).slice(0, 60)}/${encodeURIComponent(shopOfferId)}`,
      title,
      description: `${product.template.noun[language]} ${product.brand.name} ${product.model}. ${DESCRIPTION_SENTENCES[language][(product.index + shop.index) % 3]}`,
      brand: brandAsWritten(product, shop),
      rawGtin,
      gtin: normalizeGtin(rawGtin),
      mpn: feedMpn(product, shop, rng),
      categoryPath: this.categoryPath(product.template.googleId, language),
      googleCategoryId: shop.sendsCategoryId ? product.template.googleId : 0,
      imageUrls: rng.chance(0.3) ? images.slice(0, 1) : images,
      refurbished: shop.refurbished && rng.chance(0.5),
      startDay,
      minuteOfDay: Math.min(1439, shop.crawlMinute + rng.int(0, 120)),
    };
  }

  private eligibleShops(vertical: Vertical): SeedShop[] {
    let eligible = this.shopsByVertical.get(vertical);
    if (!eligible) {
      eligible = this.shops.filter((shop) => shop.verticals.length === 0 || shop.verticals.includes(vertical));
      this.shopsByVertical.set(vertical, eligible.length > 0 ? eligible : [...this.shops]);
      eligible = this.shopsByVertical.get(vertical) as SeedShop[];
    }
    return eligible;
  }

  private shopOfferId(product: SeedProduct, shop: SeedShop, country: CountryCode): string {
    const suffix = country === shop.country ? '' : `-${country}`;
    if (shop.offerIdStyle === 'numeric') return `${1_000_000 + product.index * 7 + shop.index}${suffix}`;
    if (shop.offerIdStyle === 'sku') return `SKU-${product.index.toString(36).toUpperCase().padStart(5, '0')}${suffix}`;
    return `${product.mpn}${suffix}`;
  }

  private categoryPath(googleId: number, language: Language): string {
    const cacheKey = `${googleId}:${language}`;
    let path = this.pathCache.get(cacheKey);
    if (path === undefined) {
      path = categoryPath(this.taxonomy, googleId, language);
      this.pathCache.set(cacheKey, path);
    }
    return path;
  }
}

/** Shops drawn without replacement, bigger shops more often. */
function weightedSample(rng: Rng, shops: readonly SeedShop[], count: number): SeedShop[] {
  const pool = shops.slice();
  const chosen: SeedShop[] = [];
  while (chosen.length < count && pool.length > 0) {
    const total = pool.reduce((sum, shop) => sum + shop.size, 0);
    let roll = rng.next() * total;
    let at = pool.length - 1;
    for (let i = 0; i < pool.length; i += 1) {
      roll -= (pool[i] as SeedShop).size;
      if (roll < 0) {
        at = i;
        break;
      }
    }
    chosen.push(pool.splice(at, 1)[0] as SeedShop);
  }
  return chosen;
}
