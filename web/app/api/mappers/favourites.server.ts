import type { FavouriteItem, FavouriteList } from '@pc/proto/accounts/v1/types';
import type { PageResponse } from '@pc/proto/common/v1/paging';
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

/** The page part of a list answer, as the other list endpoints put it in `meta`. */
export function pageMeta(page: PageResponse | undefined) {
  return {
    total: page?.total ?? 0,
    page: page?.page ?? 1,
    hitsPerPage: page?.hitsPerPage ?? 0,
    pages: page?.pages ?? 0,
  };
}
