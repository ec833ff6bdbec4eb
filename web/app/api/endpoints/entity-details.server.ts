import { z } from 'zod';
import { getBrand, getCategory } from '~/services/catalog.server';
import { getShop } from '~/services/offers.server';
import { apiLocale } from '../http/api-locale.server';
import { CachePolicy } from '../http/cache-policy.server';
import { localeParam } from '../http/params.server';
import { parseOrThrow, queryValues } from '../http/query.server';
import { jsonResponse, type ApiCall } from '../http/respond.server';
import { brandJson, categoryJson, shopJson } from '../mappers/entities.server';
import { entityIdOf, slugOf } from './path-ids.server';

const query = z.object({ locale: localeParam });
const localeOf = (url: URL) => apiLocale(parseOrThrow(query, queryValues(url)).locale);

/** GET /api/brands/{slug}. */
export async function brandDetail({ url, params }: ApiCall): Promise<Response> {
  const slug = slugOf(params.slug);
  const locale = localeOf(url);
  return jsonResponse({ data: brandJson(await getBrand(slug, locale.language), locale) }, CachePolicy.catalog);
}

/** GET /api/categories/{id}: the category with its breadcrumb trail and children. */
export async function categoryDetail({ url, params }: ApiCall): Promise<Response> {
  const id = entityIdOf(params.id);
  const locale = localeOf(url);
  return jsonResponse({ data: categoryJson(await getCategory(id, locale.language), locale) }, CachePolicy.catalog);
}

/** GET /api/shops/{id}: a listed shop's public directory entry. */
export async function shopDetail({ url, params }: ApiCall): Promise<Response> {
  const id = entityIdOf(params.id);
  const locale = localeOf(url);
  return jsonResponse({ data: shopJson(await getShop(id), locale) }, CachePolicy.catalog);
}
