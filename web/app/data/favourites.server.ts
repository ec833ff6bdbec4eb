import type { FavouriteList } from '@pc/proto/accounts/v1/types';
import { favourites } from '~/services/accounts.server';
import type { SiteContext } from '~/site/site-context.server';
import type { ProductCardData } from './cards';
import { savedDayLows, savedPriceViews, type SavedItem, type SavedPriceView } from './favourites-saved-prices.server';
import { productCards } from './product-cards.server';

/** Spec §2.2's favourites pages show a page of products at a time. */
export const FAVOURITES_PAGE_SIZE = 48;

export interface FavouriteListView {
  readonly id: string;
  readonly name: string;
  readonly isDefault: boolean;
  readonly isPublic: boolean;
  readonly count: number;
}

export const listView = (list: FavouriteList): FavouriteListView => ({
  id: list.id,
  name: list.name,
  isDefault: list.isDefault,
  isPublic: list.public,
  count: list.itemsCount,
});

/** The user's lists, the default one first (accounts creates it on first use). */
export async function userLists(userId: string): Promise<FavouriteListView[]> {
  return (await favourites.lists(userId)).lists.map(listView);
}

/** `default` (or nothing) names the user's default list; anything else is a list id. */
export function resolveListId(lists: readonly FavouriteListView[], asked: string | null | undefined): string {
  if (!asked || asked === 'default') return lists.find((list) => list.isDefault)?.id ?? '';
  return asked;
}

/**
 * One list with its products' cards: the owner's, or a public list for anyone (accounts decides:
 * another user's private list is NOT_FOUND, the same answer as an unknown id).
 */
export async function listWithProducts(
  context: SiteContext,
  actorId: string,
  listId: string,
  page = 1,
): Promise<{
  list: FavouriteListView | null;
  products: ProductCardData[];
  saved: Record<string, SavedPriceView>;
  total: number;
}> {
  const answer = await favourites.list(actorId, listId, page, FAVOURITES_PAGE_SIZE);
  return {
    list: answer.list ? listView(answer.list) : null,
    ...(await cardsWithSavedPrices(context, answer.items)),
    total: answer.page?.total ?? 0,
  };
}

/**
 * The items' cards and how each price moved since its item was saved (ADR 143): the saved days'
 * lows are read beside the cards, not after them.
 */
async function cardsWithSavedPrices(
  context: SiteContext,
  items: readonly SavedItem[],
): Promise<{ products: ProductCardData[]; saved: Record<string, SavedPriceView> }> {
  const [products, lows] = await Promise.all([
    productCards(
      context,
      items.map((item) => item.productId),
    ),
    savedDayLows(context, items),
  ]);
  return { products, saved: savedPriceViews(products, lows, items) };
}

/** Every favourite of the user once, newest first ({locale}/favourites/all). */
export async function allFavourites(
  context: SiteContext,
  userId: string,
  page = 1,
): Promise<{ products: ProductCardData[]; saved: Record<string, SavedPriceView>; total: number }> {
  const answer = await favourites.all(userId, page, FAVOURITES_PAGE_SIZE);
  return { ...(await cardsWithSavedPrices(context, answer.items)), total: answer.page?.total ?? 0 };
}
