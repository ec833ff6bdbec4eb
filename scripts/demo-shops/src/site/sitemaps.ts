import type { DemoOffer, DemoShop } from '../world/demo-world.js';
import { escapeHtml } from '../render/html.js';

/** Product URLs per sitemap file (the protocol allows 50,000; small files exercise the index). */
export const SITEMAP_PAGE = 1_000;

const header = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** /sitemap.xml: the index of the product sitemaps and the category sitemap. */
export function sitemapIndex(shop: DemoShop, origin: string, listed: readonly DemoOffer[], lastmod: string): string {
  const pages = Math.max(1, Math.ceil(listed.length / SITEMAP_PAGE));
  const entries = [
    `${origin}/sitemaps/categories.xml`,
    ...Array.from({ length: pages }, (_, i) => `${origin}/sitemaps/products-${i + 1}.xml`),
  ];
  return `${header}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.map((loc) => `<sitemap><loc>${escapeHtml(loc)}</loc><lastmod>${lastmod}</lastmod></sitemap>`).join('\n')}\n</sitemapindex>\n`;
}

/** /sitemaps/products-N.xml, or null past the last page. */
export function productSitemap(
  origin: string,
  listed: readonly DemoOffer[],
  page: number,
  lastmod: string,
): string | null {
  const slice = listed.slice((page - 1) * SITEMAP_PAGE, page * SITEMAP_PAGE);
  if (page < 1 || (page > 1 && slice.length === 0)) return null;
  return urlset(
    slice.map((item) => `${origin}${item.path}`),
    lastmod,
  );
}

export function categorySitemap(shop: DemoShop, origin: string, lastmod: string): string {
  return urlset([`${origin}/`, ...shop.categories.map((category) => `${origin}/c/${category.slug}`)], lastmod);
}

function urlset(locations: readonly string[], lastmod: string): string {
  return `${header}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locations.map((loc) => `<url><loc>${escapeHtml(loc)}</loc><lastmod>${lastmod}</lastmod></url>`).join('\n')}\n</urlset>\n`;
}
