import { EntitySort } from '@pc/proto/common/v1/sort';
import { LOCALE_IDS, parseLocale, type LocaleId } from '~/i18n/locales';
import { routePath, productSegment, type RouteName } from '~/routing/route-path';
import { STATIC_PAGES } from '~/routing/static-pages';
import { listProductsPage } from '~/services/catalog.server';
import { searchBrands, searchCategories, searchShops } from '~/services/search.server';

/**
 * Sitemaps (spec §2.2 sitemaps/{robotsitemap}): an index and one file per type, built from the
 * services' data, each URL in every distinct locale (de and de-de are the same page: one of
 * them). Products come in blocks so that no file passes the protocol's 50,000 URLs.
 */
export const PRODUCTS_PER_FILE = 1000;
const PAGE = 100;

/** One id per (country, language): the first of spec §2.1's list. */
export const SITEMAP_LOCALES: readonly LocaleId[] = LOCALE_IDS.filter((id, i) => {
  const locale = parseLocale(id);
  return (
    LOCALE_IDS.findIndex((other) => {
      const o = parseLocale(other);
      return o?.country === locale?.country && o?.language === locale?.language;
    }) === i
  );
});

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function urlSet(origin: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `<url><loc>${escape(origin + p)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function sitemapIndexXml(origin: string, files: readonly string[]): string {
  const entries = files.map((f) => `<sitemap><loc>${escape(`${origin}/sitemaps/${f}`)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
}

/** Every locale's path of one route. */
const everyLocale = (name: RouteName, params: Record<string, string> = {}) =>
  SITEMAP_LOCALES.map((locale) => routePath(name, { locale, language: parseLocale(locale)?.language ?? 'en' }, params));

async function allPages<H>(fetch: (page: number) => Promise<{ hits: H[]; total: number }>): Promise<H[]> {
  const first = await fetch(1);
  const pages = Math.min(Math.ceil(first.total / PAGE), 100);
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => fetch(i + 2)));
  return [...first.hits, ...rest.flatMap((r) => r.hits)];
}

const entityRequest = (page: number) => ({
  query: '',
  language: 'en',
  country: '',
  page: { page, hitsPerPage: PAGE },
  sort: EntitySort.ENTITY_SORT_NAME,
  facets: [],
  suggest: [],
  refinements: [],
});
const totalOf = (r: { page?: { total: number } | undefined }) => r.page?.total ?? 0;

export async function sitemapFiles(): Promise<string[]> {
  const { total } = await listProductsPage(1, 1);
  const blocks = Math.max(1, Math.ceil(total / PRODUCTS_PER_FILE));
  return [
    'pages.xml',
    'categories.xml',
    'brands.xml',
    'shops.xml',
    ...Array.from({ length: blocks }, (_, i) => `products-${i + 1}.xml`),
  ];
}

/** The paths of one sitemap file; null when there is no such file. */
export async function sitemapPaths(file: string): Promise<string[] | null> {
  if (file === 'pages.xml') {
    const screens: RouteName[] = ['home', 'shops', 'brands', 'categories', 'promotions', 'deals', 'search'];
    return [...screens, ...STATIC_PAGES.map((p) => p.name)].flatMap((name) => everyLocale(name));
  }
  if (file === 'categories.xml') {
    const hits = await allPages(async (page) => {
      const r = await searchCategories(entityRequest(page));
      return { hits: r.hits, total: totalOf(r) };
    });
    return hits.flatMap((c) => everyLocale('categories.show', { category: c.categoryId }));
  }
  if (file === 'brands.xml') {
    const hits = await allPages(async (page) => {
      const r = await searchBrands(entityRequest(page));
      return { hits: r.hits, total: totalOf(r) };
    });
    return hits.flatMap((b) => everyLocale('brands.show', { brand: b.slug }));
  }
  if (file === 'shops.xml') {
    const hits = await allPages(async (page) => {
      const r = await searchShops(entityRequest(page));
      return { hits: r.hits, total: totalOf(r) };
    });
    return hits.flatMap((s) => everyLocale('shops.show', { shop: s.shopId }));
  }
  const block = /^products-(\d{1,5})\.xml$/.exec(file)?.[1];
  if (!block) return null;
  const perCall = PAGE;
  const firstPage = (Number(block) - 1) * (PRODUCTS_PER_FILE / perCall) + 1;
  const pages = await Promise.all(
    Array.from({ length: PRODUCTS_PER_FILE / perCall }, (_, i) => listProductsPage(firstPage + i, perCall)),
  );
  const products = pages.flatMap((p) => p.products);
  if (products.length === 0 && Number(block) > 1) return null;
  return products.flatMap((p) => everyLocale('products.show', { product: productSegment(p.slug, p.id) }));
}
