import { formatDay } from '@pc/seed/calendar/days';
import { COUNTRIES } from '@pc/seed/shops/countries';
import type { FeedFormat } from '@pc/product-feeds/read/feed-format';
import type { DemoWorld } from '../world/demo-world.js';
import type { Markup, RobotsStyle } from '../world/site-profile.js';
import { shopBaseUrl, type ShopAddressing } from '../world/shop-addresses.js';
import { CRAWLER_PRODUCT_TOKEN } from './robots-txt.js';
import { TEMPLATE_RULES, type SelectorRules } from './selector-rules.js';
import { feedCountriesOf } from './shop-site.js';

/** One demo shop as the platform needs to know it: where it is, what it publishes, how it behaves. */
export interface DemoShopEntry {
  readonly index: number;
  readonly name: string;
  /** The seed's invented domain (its directory listing); the site itself is at `baseUrl`. */
  readonly domain: string;
  readonly baseUrl: string;
  readonly country: string;
  readonly countries: readonly string[];
  readonly currency: string;
  readonly language: string;
  readonly offers: number;
  readonly markup: Markup;
  /** The per-shop CSS rules its product pages need (shops with visible HTML only); null otherwise. */
  readonly selectorRules: SelectorRules | null;
  readonly robots: RobotsStyle;
  readonly crawlDelaySeconds: number;
  readonly sitemapUrl: string | null;
  /** One per published format and country the shop sells to (`?country=` for another than its home). */
  readonly feeds: readonly DemoFeedEntry[];
  readonly misbehaviour: {
    readonly slowMs: number;
    readonly minIntervalMs: number;
    readonly burst503: { readonly seconds: number; readonly everySeconds: number } | null;
    readonly redirects: boolean;
    readonly redirectLoopUrl: string | null;
    readonly delistedStatus: 404 | 410;
    readonly fastMover: boolean;
    readonly brokenJsonLd: boolean;
    readonly conflictingPrices: boolean;
  };
}

/** A feed of one country: what its items are for, as offers' AddFeed takes it. */
export interface DemoFeedEntry {
  readonly format: FeedFormat;
  readonly url: string;
  readonly country: string;
  readonly currency: string;
  readonly language: string;
}

export interface DemoShopsManifest {
  readonly seed: string;
  readonly products: number;
  readonly until: string;
  readonly historyDays: number;
  readonly crawlerProductToken: string;
  readonly shops: readonly DemoShopEntry[];
}

/** Everything about the demo shops, for the seed (registering shops and feeds) and the crawler's benchmark. */
export function manifestOf(world: DemoWorld, addressing: ShopAddressing): DemoShopsManifest {
  const { options } = world;
  return {
    seed: options.seed,
    products: options.products,
    until: formatDay(options.untilDay),
    historyDays: options.historyDays,
    crawlerProductToken: CRAWLER_PRODUCT_TOKEN,
    shops: world.shops.map((demoShop) => {
      const { shop, site, offers } = demoShop;
      const baseUrl = shopBaseUrl(shop.index, addressing);
      return {
        index: shop.index,
        name: shop.name,
        domain: shop.domain,
        baseUrl,
        country: shop.country,
        countries: shop.countries,
        currency: COUNTRIES[shop.country].currency,
        language: shop.language,
        offers: offers.length,
        markup: site.markup,
        selectorRules: site.markup === 'html' ? TEMPLATE_RULES[site.template] : null,
        robots: site.robots,
        crawlDelaySeconds: site.crawlDelaySeconds,
        sitemapUrl: site.sitemap ? `${baseUrl}/sitemap.xml` : null,
        feeds: site.feeds.flatMap((feed) =>
          feedCountriesOf(demoShop).map((market) => ({
            format: feed.format,
            url: `${baseUrl}${feed.path}${market.country === shop.country ? '' : `?country=${market.country}`}`,
            ...market,
          })),
        ),
        misbehaviour: {
          slowMs: site.slowMs,
          minIntervalMs: site.minIntervalMs,
          burst503: site.burstSeconds > 0 ? { seconds: site.burstSeconds, everySeconds: site.burstEverySeconds } : null,
          redirects: site.redirects,
          redirectLoopUrl: site.redirectLoop ? `${baseUrl}/deals` : null,
          delistedStatus: site.gone410 ? 410 : 404,
          fastMover: site.fastMover,
          brokenJsonLd: site.brokenJsonLd,
          conflictingPrices: site.conflictingPrices,
        },
      };
    }),
  };
}
