import { ProductUniverse } from '@pc/seed/catalog/product-universe';
import { saleSeasons } from '@pc/seed/history/sale-calendar';
import { ShopSeasons } from '@pc/seed/history/shop-seasons';
import { OfferTimeline } from '@pc/seed/history/offer-timeline';
import type { OfferState } from '@pc/seed/history/offer-state';
import { OfferPlanner } from '@pc/seed/offers/offer-planner';
import type { SeedOffer } from '@pc/seed/offers/seed-offer';
import { generateShops } from '@pc/seed/shops/shop-directory';
import type { SeedShop } from '@pc/seed/shops/seed-shop';
import { slugify } from '@pc/seed/shops/shop-names';
import { categoryPath, type Taxonomy } from '@pc/seed/taxonomy/category';
import { shopAddress, type ShopAddressing } from './shop-addresses.js';
import { siteProfileOf, type SiteProfile } from './site-profile.js';

/** The seed's flags that decide the world (the same as `npm run seed` was given). */
export interface DemoWorldOptions {
  readonly seed: string;
  readonly products: number;
  readonly shops: number;
  /** "Now" of the generated world (day number); prices start moving from its 00:00 UTC. */
  readonly untilDay: number;
  readonly historyDays: number;
  /** Where the site serves placeholder images (the offers' image URLs). */
  readonly imageBaseUrl: string;
}

/** One offer of a demo shop: the seed's listing and its state at the world's "now". */
export interface DemoOffer {
  readonly offer: SeedOffer;
  /** The product page's path, the seed's URL path ("/p/slug/id" or "/fr/p/…" for another country). */
  readonly path: string;
  readonly base: OfferState;
  readonly categoryId: number;
}

export interface DemoCategory {
  readonly id: number;
  readonly slug: string;
  /** The category's name in the shop's language. */
  readonly name: string;
  readonly offers: readonly DemoOffer[];
}

export interface DemoShop {
  readonly shop: SeedShop;
  readonly site: SiteProfile;
  readonly address: string;
  readonly offers: readonly DemoOffer[];
  readonly byPath: ReadonlyMap<string, DemoOffer>;
  readonly byOfferId: ReadonlyMap<string, DemoOffer>;
  readonly categories: readonly DemoCategory[];
  readonly categoryBySlug: ReadonlyMap<string, DemoCategory>;
}

/**
 * The demo shops' catalogue: exactly the seed's world (shops, products, which shop lists what in
 * which country, titles, codes, prices at "now"), from the seed's own generators, plus each
 * shop's site profile. Built once at start: every product's offers are planned and walked
 * through the history to "now" (a year of 2,700 offers takes about a second).
 */
export class DemoWorld {
  private constructor(
    readonly options: DemoWorldOptions,
    readonly shops: readonly DemoShop[],
  ) {}

  static build(options: DemoWorldOptions, taxonomy: Taxonomy, addressing: ShopAddressing): DemoWorld {
    const { seed, untilDay, historyDays } = options;
    const seedShops = generateShops(seed, options.shops);
    const universe = new ProductUniverse({ seed, untilDay, historyDays });
    const planner = new OfferPlanner(
      { seed, untilDay, historyDays, imageBaseUrl: options.imageBaseUrl },
      seedShops,
      taxonomy,
    );
    const context = {
      seed,
      untilDay,
      historyDays,
      seasons: new ShopSeasons(seed, saleSeasons(untilDay - historyDays, untilDay)),
    };
    const offersByShop = seedShops.map((): DemoOffer[] => []);
    for (const product of universe.products(options.products)) {
      for (const offer of planner.offersOf(product)) {
        const timeline = new OfferTimeline(offer, context);
        while (timeline.advance());
        offersByShop[offer.shop.index]?.push({
          offer,
          path: new URL(offer.url).pathname,
          base: timeline.state,
          categoryId: product.template.googleId,
        });
      }
    }
    const shops = seedShops.map((shop, index) => {
      const offers = offersByShop[index] ?? [];
      const categories = categoriesOf(offers, taxonomy, shop);
      return {
        shop,
        site: siteProfileOf(seed, shop),
        address: shopAddress(index, addressing),
        offers,
        byPath: new Map(offers.map((offer) => [offer.path, offer])),
        byOfferId: new Map(offers.map((offer) => [offer.offer.shopOfferId, offer])),
        categories,
        categoryBySlug: new Map(categories.map((category) => [category.slug, category])),
      };
    });
    return new DemoWorld(options, shops);
  }

  /** 00:00 UTC of the world's "now": prices move from here on. */
  get startMs(): number {
    return this.options.untilDay * 86_400_000;
  }
}

function categoriesOf(offers: readonly DemoOffer[], taxonomy: Taxonomy, shop: SeedShop): DemoCategory[] {
  const byId = new Map<number, DemoOffer[]>();
  for (const offer of offers) {
    const list = byId.get(offer.categoryId);
    if (list) list.push(offer);
    else byId.set(offer.categoryId, [offer]);
  }
  return [...byId]
    .map(([id, list]) => {
      const name = categoryPath(taxonomy, id, shop.language).split(' > ').pop() ?? String(id);
      return { id, slug: `${slugify(name) || 'category'}-${id}`, name, offers: list };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
