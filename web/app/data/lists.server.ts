import { brandSearch, categorySearch, shopSearch } from '~/api/endpoints/entity-search.server';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { productSearchBodies, productSearchBody } from '~/api/endpoints/product-search.server';
import { InvalidQueryError } from '~/api/http/invalid-query.server';
import type { ApiCall } from '~/api/http/respond.server';
import type { ListMeta } from '~/api/mappers/list-meta.server';
import type { SiteContext } from '~/site/site-context.server';
import { cardOf, type EntityCardData } from './cards';
import { required } from './load.server';

type Query = Readonly<Record<string, string | number | undefined | null>>;
type Endpoint = (call: ApiCall, language?: string) => Promise<Response>;

/** The URL a list endpoint reads its parameters from, with the page's locale. */
function listUrl(context: SiteContext, query: Query): URL {
  const url = new URL('http://site.internal/api/list');
  url.searchParams.set('locale', context.locale.id);
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  return url;
}

/**
 * Runs one of the JSON API's list endpoints in process (no HTTP): the same parameter checks,
 * search request and mapping the API has, with the page's locale and interface language.
 */
async function runList<T>(
  endpoint: Endpoint,
  context: SiteContext,
  query: Query,
): Promise<{ data: T[]; meta: ListMeta }> {
  const response = await required(endpoint({ url: listUrl(context, query), params: {} }, context.language));
  return (await response.json()) as { data: T[]; meta: ListMeta };
}

/** Product cards as GET /api/products answers them, taken before they would be written as JSON. */
export async function productList(context: SiteContext, query: Query) {
  const { data, meta } = await required(
    productSearchBody({ url: listUrl(context, query), params: {} }, context.language),
  );
  return { data: data.map(cardOf), meta };
}

/**
 * Several product lists in one search call (a page's rows): each as `productList` makes it, or
 * null where that list failed (related data is left out, spec §8). The whole call failing throws.
 */
export async function productLists(context: SiteContext, queries: readonly Query[]) {
  const bodies = await productSearchBodies(
    queries.map((query) => listUrl(context, query)),
    context.language,
  );
  return bodies.map((body) => {
    if (!(body instanceof Error)) return { data: body.data.map(cardOf), meta: body.meta };
    if (body instanceof RpcError || body instanceof InvalidQueryError) return null;
    throw body;
  });
}

interface EntityHitJson {
  id: string;
  slug?: string;
  name: string;
  route: string;
  logo?: string | null;
  favicon?: string | null;
  image?: string | null;
  products_count?: number;
  offers_count?: number;
  rating?: { value: number; count: number } | null;
}

function entityCards(hits: readonly EntityHitJson[], kind: 'brands' | 'shops' | 'categories'): EntityCardData[] {
  return hits.map((hit) => ({
    key: hit.slug ?? hit.id,
    name: hit.name,
    route: hit.route,
    image: hit.logo ?? hit.favicon ?? hit.image ?? null,
    // A shop counts its listed offers (offers emits ShopChanged when the count changes).
    count: (kind === 'shops' ? hit.offers_count : hit.products_count) ?? null,
    // A shop's stars, as search indexed offers' rating.
    ...(hit.rating ? { rating: { value: hit.rating.value, count: hit.rating.count } } : {}),
  }));
}

const ENDPOINTS = { brands: brandSearch, shops: shopSearch, categories: categorySearch } as const;

export async function entityList(kind: keyof typeof ENDPOINTS, context: SiteContext, query: Query) {
  const { data, meta } = await runList<EntityHitJson>(ENDPOINTS[kind], context, query);
  return { items: entityCards(data, kind), meta };
}

/** The page number of a list URL (1 when absent or not a number: the endpoint validates). */
export function pageOf(url: URL): number {
  const page = Number(url.searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The list's paging for the pagination control: the page count, or null when total is a lower bound. */
export const pageCount = (meta: ListMeta): number | null => (meta.totalIsLowerBound ? null : meta.pages);
