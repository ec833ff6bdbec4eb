import { productSearchBody } from '~/api/endpoints/product-search.server';
import { intlTag } from '~/i18n/regions';
import { parseLocale } from '~/i18n/locales';
import { routePath } from '~/routing/route-path';
import type { SiteContext } from '~/site/site-context.server';
import { cardOf, type ProductCardData } from './cards';
import { pageCount } from './lists.server';
import { required } from './load.server';
import { SITEMAP_LOCALES } from './sitemaps.server';

/** A deal is at least this many percent below its reference price (ADR 142). */
export const DEAL_MIN_DROP_PERCENT = 10;
/**
 * The days the reference averages the daily lowest prices of: offers' trend window
 * (services/offers/src/domain/price-trend.ts, DEFAULT_TREND_WINDOW_DAYS), the full UTC days
 * before today. The page names it, so it must say what offers computes.
 */
export const DEAL_REFERENCE_DAYS = 30;
const DEALS_PER_PAGE = 24;
/** Category chips: the categories with the most deals. */
const CATEGORY_CHIPS = 8;

/** A deal's card: the product card and how far its lowest price is below the reference. */
export interface DealCard extends ProductCardData {
  /** Whole percent, rounded down: the card never claims more than the drop. */
  readonly dropPercent: number;
}

/** A hit of the deals' search as its card. */
const dealOf = (hit: ProductCardData & { readonly price_drop_percent: number }): DealCard => ({
  ...cardOf(hit),
  dropPercent: Math.floor(hit.price_drop_percent),
});

export interface CategoryChip {
  readonly id: string;
  readonly name: string;
  readonly count: number;
  readonly href: string;
  readonly selected: boolean;
}

/**
 * The search behind the deals page: in the locale's country, with offers and in stock, at least
 * DEAL_MIN_DROP_PERCENT below the reference, biggest drop first, the categories counted for the
 * chips (a chosen category refines, so the other chips keep their counts).
 */
function dealsUrl(context: SiteContext, category: string | null, page: string | null): URL {
  const url = new URL('http://site.internal/api/products');
  url.searchParams.set('locale', context.locale.id);
  url.searchParams.set('sort', 'price-drop');
  url.searchParams.set('with_offers', 'true');
  url.searchParams.set('in_stock', 'true');
  url.searchParams.set('refinements[drop]', `${DEAL_MIN_DROP_PERCENT}..`);
  url.searchParams.set('facets', 'category');
  url.searchParams.set('hitsPerPage', String(DEALS_PER_PAGE));
  if (category) url.searchParams.set('refinements[category]', category);
  if (page) url.searchParams.set('page', page);
  return url;
}

/** The page's address in a locale with the visitor's query (the chosen category, a later page). */
const dealsPath = (locale: string, language: string, query: Record<string, string | undefined>) =>
  routePath('deals', { locale: locale as SiteContext['locale']['id'], language }, {}, query);

/**
 * The deals page (ADR 142): products whose current lowest price in the visitor's country is at
 * least 10 % below the average of their daily lowest prices over the 30 days before today, in
 * stock, biggest drop first; narrowed by a category chip, paged. An unknown category has no deals.
 */
export async function dealsPage(context: SiteContext, url: URL) {
  const category = url.searchParams.get('category') || null;
  const body = await required(
    productSearchBody({ url: dealsUrl(context, category, url.searchParams.get('page')), params: {} }, context.language),
  );
  const { facets, ...meta } = body.meta;
  const deals = body.data.map(dealOf);
  const values = facets.category?.type === 'terms' ? facets.category.values : [];
  const top = values.slice(0, CATEGORY_CHIPS);
  const chosen = values.find((value) => value.value === category);
  const shown = chosen && !top.includes(chosen) ? [...top, chosen] : top;
  const here = (query: Record<string, string | undefined>) => dealsPath(context.locale.id, context.language, query);
  const chips: CategoryChip[] = shown.map((value) => ({
    id: value.value,
    name: value.label,
    count: value.count,
    href: here({ category: value.value }),
    selected: value.value === category,
  }));
  const query = { category: category ?? undefined, page: meta.page > 1 ? String(meta.page) : undefined };
  return {
    deals,
    meta: { total: meta.total, page: meta.page, pages: pageCount(body.meta) },
    category,
    chips,
    allHref: here({}),
    // Absolute, as search engines read them; each locale's page under its own word.
    canonical: url.origin + here(query),
    alternates: SITEMAP_LOCALES.map((id) => {
      const locale = parseLocale(id);
      const language = locale?.language ?? 'en';
      return {
        hrefLang: intlTag(language, locale?.country ?? 'ch'),
        href: url.origin + dealsPath(id, language, query),
      };
    }),
    minDrop: DEAL_MIN_DROP_PERCENT,
    referenceDays: DEAL_REFERENCE_DAYS,
  };
}

/**
 * The path word the visitor's language uses, when the request came by another one (/de-ch/deals
 * for a German page): the page answers under its own word only, as static pages do.
 */
export function dealsRedirect(context: SiteContext, url: URL): string | null {
  const own = routePath('deals', { locale: context.locale.id, language: context.language });
  return url.pathname === own ? null : own + url.search;
}

/**
 * The first `count` deals as the deals page ranks them, without its chips: the home page's row
 * (ADR 145). Its search is the page's, so the row never shows what the page would not.
 */
export async function topDeals(context: SiteContext, count: number): Promise<DealCard[]> {
  const url = dealsUrl(context, null, null);
  url.searchParams.set('hitsPerPage', String(count));
  url.searchParams.delete('facets');
  const body = await required(productSearchBody({ url, params: {} }, context.language));
  return body.data.map(dealOf);
}
