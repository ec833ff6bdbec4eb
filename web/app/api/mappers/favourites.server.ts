import type { FavouriteItem, FavouriteList } from '@pc/proto/accounts/v1/types';
import type { PageResponse } from '@pc/proto/common/v1/paging';
import type { SavedPriceView } from '~/data/favourites-saved-prices.server';
import { isoTime } from './money.server';

export function favouriteListJson(list: FavouriteList) {
  return {
    id: list.id,
    name: list.name,
    is_default: list.isDefault,
    public: list.public,
    items_count: list.itemsCount,
    created_at: isoTime(list.createdAt),
    updated_at: isoTime(list.updatedAt),
  };
}

export function favouriteItemJson(item: FavouriteItem) {
  return { list_id: item.listId, product_id: item.productId, note: item.note, added_at: isoTime(item.addedAt) };
}

/**
 * An item of a list answer with how its price moved since it was saved (ADR 143): the saved UTC
 * day, that day's low, and the change to the current lowest price in minor units and percent;
 * null when there is nothing to compare (no price then or now, unchanged, another currency).
 */
export function listedFavouriteJson(item: FavouriteItem, saved: SavedPriceView | undefined) {
  return {
    ...favouriteItemJson(item),
    saved_price: saved
      ? { day: saved.day.slice(0, 10), price: saved.price, change: saved.change, percent: saved.percent }
      : null,
  };
}

/** The page part of a list answer, as the other list endpoints put it in `meta`. */
export function pageMeta(page: PageResponse | undefined) {
  return {
    total: page?.total ?? 0,
    page: page?.page ?? 1,
    hitsPerPage: page?.hitsPerPage ?? 0,
    pages: page?.pages ?? 0,
  };
}
