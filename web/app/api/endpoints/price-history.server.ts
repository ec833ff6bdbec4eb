import { z } from 'zod';
import { PriceHistoryRange } from '@pc/proto/offers/v1/offers';
import { getPriceHistory } from '~/services/offers.server';
import { apiLocale } from '../http/api-locale.server';
import { CachePolicy } from '../http/cache-policy.server';
import { booleanParam, localeParam } from '../http/params.server';
import { parseOrThrow, queryValues } from '../http/query.server';
import { jsonResponse, type ApiCall } from '../http/respond.server';
import { priceHistoryJson } from '../mappers/price-history.server';
import { alongsideProduct, liveProduct, productPathUrl } from './live-product.server';
import { productIdOf } from './path-ids.server';

const RANGES = {
  '1m': PriceHistoryRange.PRICE_HISTORY_RANGE_ONE_MONTH,
  '3m': PriceHistoryRange.PRICE_HISTORY_RANGE_THREE_MONTHS,
  '6m': PriceHistoryRange.PRICE_HISTORY_RANGE_SIX_MONTHS,
  '1y': PriceHistoryRange.PRICE_HISTORY_RANGE_ONE_YEAR,
  all: PriceHistoryRange.PRICE_HISTORY_RANGE_ALL,
} as const;

const query = z.object({
  locale: localeParam,
  range: z.enum(['1m', '3m', '6m', '1y', 'all'], { error: 'must be one of 1m, 3m, 6m, 1y, all' }).default('3m'),
  offers: booleanParam.default(false),
});

/**
 * GET /api/products/{id}/price-history: the product's price history in the locale's country,
 * in its currency. The answer is the history itself, without a `data` envelope (spec §7).
 */
export async function priceHistory({ url, params }: ApiCall): Promise<Response> {
  const id = productIdOf(params.id);
  const input = parseOrThrow(query, queryValues(url));
  const locale = apiLocale(input.locale);
  const history = await alongsideProduct(
    // Offers keeps no product list of its own: catalog says whether the product exists.
    liveProduct(id, locale.language, productPathUrl(url, '/price-history')),
    getPriceHistory({
      productId: id,
      country: locale.country,
      range: RANGES[input.range],
      includeOffers: input.offers,
      displayCurrency: locale.currency,
    }),
  );
  return jsonResponse(priceHistoryJson(history), CachePolicy.priceHistory);
}
