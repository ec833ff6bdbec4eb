import type {
  AddFavouriteRequest,
  AddFavouriteResponse,
  GetFavouriteStatusRequest,
  GetFavouriteStatusResponse,
  ListFavouritesRequest,
  ListFavouritesResponse,
  RemoveFavouriteRequest,
  RemoveFavouriteResponse,
} from '@pc/proto/accounts/v1/accounts';
import { FailedPreconditionError, InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import { FieldChecks } from '../domain/field-checks.js';
import { MAX_ITEMS_PER_LIST, itemId, type FavouriteItemRecord } from '../domain/favourite-records.js';
import { requireActor } from './actor.js';
import type { FavouritesDependencies } from './favourite-lists.js';
import { itemMessage } from './messages.js';

/** Idempotent: a product already in the list is success with added false. */
export async function addFavourite(
  request: AddFavouriteRequest,
  deps: FavouritesDependencies,
): Promise<AddFavouriteResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  const checks = new FieldChecks();
  const productId = checks.productId('product_id', request.productId);
  const note = checks.optional('note', request.note, 500);
  checks.done();
  const list = await deps.lists.owned(actor._id, request.listId);
  const id = itemId(list._id, productId);
  const existing = await deps.favourites.items.get(id);
  if (existing) return { item: itemMessage(existing), added: false };
  if ((await deps.favourites.countItems({ listId: list._id })) >= MAX_ITEMS_PER_LIST) {
    throw new FailedPreconditionError(`a list holds at most ${MAX_ITEMS_PER_LIST} products`, { reason: 'LIST_FULL' });
  }
  const now = deps.clock().toISOString();
  const item: FavouriteItemRecord = { _id: id, listId: list._id, userId: actor._id, productId, note, addedAt: now };
  const stored = await deps.favourites.items.update(id, (current) => (current ? null : item));
  await deps.favourites.recount(list._id, now);
  return { item: itemMessage(stored ?? item), added: stored?._version === 1 };
}

/** From one list, or from all the actor's lists when list_id is empty; absent products are success. */
export async function removeFavourite(
  request: RemoveFavouriteRequest,
  deps: FavouritesDependencies,
): Promise<RemoveFavouriteResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  const checks = new FieldChecks();
  const productId = checks.id('product_id', request.productId);
  checks.done();
  const listIds = request.listId
    ? [(await deps.lists.owned(actor._id, request.listId))._id]
    : (await deps.favourites.findItems({ userId: actor._id, productId })).map((item) => item.listId);
  let removed = 0;
  const now = deps.clock().toISOString();
  for (const listId of listIds) {
    if (await deps.favourites.items.delete(itemId(listId, productId))) removed += 1;
    await deps.favourites.recount(listId, now);
  }
  return { removed };
}

/** Every list of the actor, newest first, each product once (its latest addition). */
export async function listFavourites(
  request: ListFavouritesRequest,
  deps: FavouritesDependencies,
): Promise<ListFavouritesResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  const page = resolvePage(request.page, { defaultSize: 20, maxSize: 100 });
  const items = await deps.favourites.findItems({ userId: actor._id }, { sort: { addedAt: -1 } });
  const seen = new Set<string>();
  const unique = items.filter((item) => !seen.has(item.productId) && seen.add(item.productId));
  return {
    items: unique.slice(page.skip, page.skip + page.hitsPerPage).map(itemMessage),
    page: pageResponse(page, unique.length),
  };
}

/** The favourite button's state for up to 100 products, in request order. */
export async function getFavouriteStatus(
  request: GetFavouriteStatusRequest,
  deps: FavouritesDependencies,
): Promise<GetFavouriteStatusResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  if (request.productIds.length > 100)
    throw new InvalidArgumentError([
      { field: 'product_ids', reason: 'at most 100 ids', rule: 'max', params: { max: '100' } },
    ]);
  const wanted = [...new Set(request.productIds)];
  const items =
    wanted.length === 0 ? [] : await deps.favourites.findItems({ userId: actor._id, productId: { $in: wanted } });
  const lists = new Map<string, string[]>();
  for (const item of items) lists.set(item.productId, [...(lists.get(item.productId) ?? []), item.listId]);
  return {
    statuses: request.productIds.map((productId) => ({ productId, listIds: (lists.get(productId) ?? []).sort() })),
  };
}
