import { z } from 'zod';
import { apiLocale } from '../http/api-locale.server';
import { CachePolicy } from '../http/cache-policy.server';
import { localeParam } from '../http/params.server';
import { parseOrThrow, queryValues } from '../http/query.server';
import { jsonResponse, type ApiCall } from '../http/respond.server';
import { productJson } from '../mappers/product.server';
import { liveProduct, productPathUrl } from './live-product.server';
import { productIdOf } from './path-ids.server';
import { lookUpPrices } from './product-prices.server';

const query = z.object({ locale: localeParam });

/** GET /api/products/{id}: the product with its lowest price in the locale's country. */
export async function productDetail({ url, params }: ApiCall): Promise<Response> {
  const id = productIdOf(params.id);
  const locale = apiLocale(parseOrThrow(query, queryValues(url)).locale);
  const [product, prices] = await Promise.all([
    liveProduct(id, locale.language, productPathUrl(url, '')),
    lookUpPrices([id], locale),
  ]);
  return jsonResponse(
    { data: productJson(product, prices.of(product.id), locale) },
    prices.known ? CachePolicy.catalog : CachePolicy.none,
  );
}
