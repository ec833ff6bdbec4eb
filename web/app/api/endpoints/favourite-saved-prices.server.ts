import type { FavouriteItem } from '@pc/proto/accounts/v1/types';
import { savedDayLowsIn, savedPriceViews, type SavedPriceView } from '~/data/favourites-saved-prices.server';
import type { ApiLocale } from '../http/api-locale.server';
import { moneyJson } from '../mappers/money.server';
import { lookUpPrices } from './product-prices.server';

/**
 * How each item's price moved since it was saved (ADR 143), as the favourites pages compare it:
 * the current lowest prices and the saved days' lows are read side by side, each in one call for
 * the whole page of items, in the locale's country and currency.
 */
export async function savedPricesOf(
  items: readonly FavouriteItem[],
  locale: ApiLocale,
): Promise<Record<string, SavedPriceView>> {
  if (items.length === 0) return {};
  const ids = [...new Set(items.map((item) => item.productId))];
  const [prices, lows] = await Promise.all([lookUpPrices(ids, locale), savedDayLowsIn(locale, items)]);
  const current = ids.map((id) => {
    const known = prices.of(id);
    return { id, price: known.known ? moneyJson(known.summary?.lowestPrice) : null };
  });
  return savedPriceViews(current, lows, items);
}
