import { z } from 'zod';
import { getSimilarProducts } from '~/services/catalog.server';
import { apiLocale } from '../http/api-locale.server';
import { CachePolicy } from '../http/cache-policy.server';
import { intParam, localeParam } from '../http/params.server';
import { parseOrThrow, queryValues } from '../http/query.server';
import { jsonResponse, type ApiCall } from '../http/respond.server';
import { productJson } from '../mappers/product.server';
import { productIdOf } from './path-ids.server';
import { lookUpPrices } from './product-prices.server';

const query = z.object({ locale: localeParam, limit: intParam(1, 50).default(12) });

/** GET /api/products/{id}/similar: similar products, most similar first, with their prices. */
export async function similarProducts({ url, params }: ApiCall): Promise<Response> {
  const id = productIdOf(params.id);
  const { locale: localeId, limit } = parseOrThrow(query, queryValues(url));
  const locale = apiLocale(localeId);
  const products = await getSimilarProducts(id, locale.language, limit);
  const prices = await lookUpPrices(
    products.map((p) => p.id),
    locale,
  );
  return jsonResponse(
    { data: products.map((product) => productJson(product, prices.of(product.id), locale)) },
    prices.known ? CachePolicy.catalog : CachePolicy.none,
  );
}
