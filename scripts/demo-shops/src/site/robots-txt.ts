import type { DemoShop } from '../world/demo-world.js';

/** The product token the platform's crawler matches robots.txt groups with. */
export const CRAWLER_PRODUCT_TOKEN = 'PriceCompareBot';

/**
 * A shop's robots.txt by its style: open; Disallow rules for cart, search, account and sorted
 * listings (wildcards included); a Crawl-delay; a group for our crawler that lets it in where
 * every other robot is shut out; no robots.txt (404: allow all); a server that fails it during
 * the first ten minutes of every hour (503: a crawler must not crawl until it answers).
 */
export function robotsTxt(shop: DemoShop, origin: string, atMs: number): { status: 200 | 404 | 503; body: string } {
  const sitemap = shop.site.sitemap ? `\nSitemap: ${origin}/sitemap.xml\n` : '';
  switch (shop.site.robots) {
    case 'open':
      return { status: 200, body: `User-agent: *\nAllow: /\n${sitemap}` };
    case 'disallow-paths':
      return {
        status: 200,
        body: `# ${shop.shop.name}\nUser-agent: *\nDisallow: /cart\nDisallow: /search\nDisallow: /account/\nDisallow: /*?sort=\nDisallow: /*.pdf$\n${sitemap}`,
      };
    case 'crawl-delay':
      return {
        status: 200,
        body: `User-agent: *\nCrawl-delay: ${shop.site.crawlDelaySeconds}\nDisallow: /cart\n${sitemap}`,
      };
    case 'bot-group':
      return {
        status: 200,
        body: `User-agent: ${CRAWLER_PRODUCT_TOKEN}\nDisallow: /cart\nDisallow: /search\nAllow: /\n\nUser-agent: *\nDisallow: /\n${sitemap}`,
      };
    case 'missing':
      return { status: 404, body: 'Not found' };
    case 'server-error':
      return new Date(atMs).getUTCMinutes() < 10
        ? { status: 503, body: 'Service unavailable' }
        : { status: 200, body: `User-agent: *\nDisallow: /cart\n${sitemap}` };
  }
}
