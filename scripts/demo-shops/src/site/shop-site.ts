import { formatDay } from '@pc/seed/calendar/days';
import { delimitedFeed, idealoFeed } from '../feeds/delimited-feeds.js';
import type { FeedEntry } from '../feeds/feed-rows.js';
import { googleXmlFeed } from '../feeds/google-xml-feed.js';
import { categoryPage, CATEGORY_PAGE, homePage, plainPage } from '../render/listing-pages.js';
import { productPage } from '../render/product-page.js';
import type { DemoOffer, DemoShop, DemoWorld } from '../world/demo-world.js';
import type { LiveMarket } from '../world/live-market.js';
import { robotsTxt } from './robots-txt.js';
import { categorySitemap, productSitemap, sitemapIndex } from './sitemaps.js';

/** What a shop answers to one request. */
export interface SiteResponse {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Wait this long before answering (slow shops). */
  readonly delayMs?: number;
}

const HTML = 'text/html; charset=utf-8';
const XML = 'application/xml; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';
const notFound: SiteResponse = {
  status: 404,
  contentType: HTML,
  body: '<!doctype html><title>Not found</title><h1>Not found</h1>',
};
const redirect = (status: 301 | 302, location: string): SiteResponse => ({
  status,
  contentType: HTML,
  body: `<a href="${location}">moved</a>`,
  headers: { location },
});

/**
 * One demo shop's website as a function of the request and the time: home, category pages
 * (paged), product pages (404/410 once delisted), robots.txt, sitemaps, feeds, the redirect
 * habits of some shops. Rate limits and 503 bursts are the server's (they depend on the traffic).
 */
export class ShopSite {
  constructor(
    private readonly world: DemoWorld,
    private readonly market: LiveMarket,
  ) {}

  respond(shop: DemoShop, path: string, query: URLSearchParams, origin: string, now: number): SiteResponse {
    const lastmod = formatDay(this.world.options.untilDay);
    if (path === '/') return { status: 200, contentType: HTML, body: homePage(shop) };
    if (path === '/robots.txt') {
      const robots = robotsTxt(shop, origin, now);
      return { status: robots.status, contentType: TEXT, body: robots.body };
    }
    if (path === '/sitemap.xml')
      return shop.site.sitemap
        ? { status: 200, contentType: XML, body: sitemapIndex(shop, origin, this.listed(shop, now), lastmod) }
        : notFound;
    if (path === '/sitemaps/categories.xml' && shop.site.sitemap)
      return { status: 200, contentType: XML, body: categorySitemap(shop, origin, lastmod) };
    const sitemapPage = /^\/sitemaps\/products-(\d+)\.xml$/.exec(path);
    if (sitemapPage && shop.site.sitemap) {
      const body = productSitemap(origin, this.listed(shop, now), Number(sitemapPage[1]), lastmod);
      return body ? { status: 200, contentType: XML, body } : notFound;
    }
    if (path.startsWith('/c/')) return this.category(shop, path.slice(3), query, now);
    if (path.startsWith('/item/') && shop.site.redirects) {
      const item = shop.byOfferId.get(decodeURIComponent(path.slice(6)));
      return item ? redirect(301, item.path) : notFound;
    }
    if (shop.site.redirectLoop && path === '/deals') return redirect(302, '/deals/today');
    if (shop.site.redirectLoop && path === '/deals/today') return redirect(302, '/deals');
    const feed = shop.site.feeds.find((published) => published.path === path);
    if (feed)
      return this.feed(
        shop,
        feed.format,
        feed.delimiter,
        origin,
        now,
        (query.get('country') ?? shop.shop.country).toUpperCase(),
      );
    if (path === '/cart' || path === '/search' || path.startsWith('/account/'))
      return { status: 200, contentType: HTML, body: plainPage(shop, path.slice(1), 'Nothing here for robots.') };
    const item = shop.byPath.get(path);
    if (!item) return notFound;
    const live = this.market.stateOf(shop, item, now);
    if (!live.listed)
      return shop.site.gone410
        ? {
            status: 410,
            contentType: HTML,
            body: '<!doctype html><title>Gone</title><h1>This product is no longer available</h1>',
          }
        : notFound;
    return {
      status: 200,
      contentType: HTML,
      body: productPage(shop, item, live, origin, this.world.options.seed),
      delayMs: shop.site.slowMs,
    };
  }

  /** The offers the shop lists at this moment, in catalogue order. */
  listed(shop: DemoShop, now: number): DemoOffer[] {
    return shop.offers.filter((item) => this.market.stateOf(shop, item, now).listed);
  }

  /** The shop's feed entries for one country at this moment (listed offers with their live state). */
  feedEntries(shop: DemoShop, origin: string, now: number, country: string): FeedEntry[] {
    return shop.offers
      .filter((item) => item.offer.country === country)
      .map((item) => ({ item, live: this.market.stateOf(shop, item, now), url: `${origin}${item.path}` }))
      .filter((entry) => entry.live.listed);
  }

  private category(shop: DemoShop, slug: string, query: URLSearchParams, now: number): SiteResponse {
    const category = shop.categoryBySlug.get(slug);
    if (!category) return notFound;
    const listed = category.offers
      .map((item) => ({ item, live: this.market.stateOf(shop, item, now) }))
      .filter((entry) => entry.live.listed);
    const pages = Math.max(1, Math.ceil(listed.length / CATEGORY_PAGE));
    const pageText = query.get('page');
    const page = pageText === null ? 1 : Number(pageText);
    if (!Number.isInteger(page) || page < 1 || page > pages) return notFound;
    if (query.get('sort') === 'price') listed.sort((a, b) => a.live.priceMinor - b.live.priceMinor);
    return { status: 200, contentType: HTML, body: categoryPage(shop, category, listed, page) };
  }

  /** A feed per country the shop sells to, as Merchant Center wants them (`?country=DE`; the home country without). */
  private feed(
    shop: DemoShop,
    format: string,
    delimiter: ',' | ';' | '\t',
    origin: string,
    now: number,
    country: string,
  ): SiteResponse {
    if (!feedCountriesOf(shop).some((market) => market.country === country)) return notFound;
    const entries = this.feedEntries(shop, origin, now, country);
    if (format === 'google-merchant-xml')
      return { status: 200, contentType: XML, body: googleXmlFeed(shop, origin, entries) };
    if (format === 'idealo-csv')
      return { status: 200, contentType: 'text/csv; charset=utf-8', body: idealoFeed(entries) };
    return {
      status: 200,
      contentType: delimiter === '\t' ? 'text/tab-separated-values; charset=utf-8' : 'text/csv; charset=utf-8',
      body: delimitedFeed(entries, delimiter),
    };
  }
}

/** The countries a shop sells to, home first, with the currency and language of its offers there: one feed each. */
export function feedCountriesOf(
  shop: DemoShop,
): { readonly country: string; readonly currency: string; readonly language: string }[] {
  const markets = new Map<string, { country: string; currency: string; language: string }>();
  for (const { offer } of shop.offers)
    if (!markets.has(offer.country))
      markets.set(offer.country, { country: offer.country, currency: offer.currency, language: offer.language });
  const home = shop.shop.country;
  return [...markets.values()].sort((a, b) =>
    a.country === home ? -1 : b.country === home ? 1 : a.country.localeCompare(b.country),
  );
}
