/** A favourites list (collection `favourite_lists`). */
export interface FavouriteListRecord {
  readonly _id: string;
  readonly userId: string;
  readonly name: string;
  /** The name folded for uniqueness per user (case and surrounding spaces ignored). */
  readonly nameKey: string;
  readonly isDefault: boolean;
  readonly public: boolean;
  /** Kept equal to the items stored for the list (recounted after each change). */
  readonly itemsCount: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A product in a list (collection `favourite_items`), keyed `<listId>:<productId>` (idempotent adds). */
export interface FavouriteItemRecord {
  readonly _id: string;
  readonly listId: string;
  readonly userId: string;
  readonly productId: string;
  readonly note: string;
  readonly addedAt: string;
}

/** Proto limits: at most 50 lists per user, 1,000 items per list, names up to 100 characters. */
export const MAX_LISTS = 50;
export const MAX_ITEMS_PER_LIST = 1_000;
export const LIST_NAME_MAX = 100;
export const DEFAULT_LIST_NAME = 'Favourites';

export const listNameKey = (name: string): string => name.trim().toLowerCase();
/** Every user's one default list has a fixed id, so concurrent first uses cannot create two. */
export const defaultListId = (userId: string): string => `fl_default_${userId}`;
export const itemId = (listId: string, productId: string): string => `${listId}:${productId}`;
