import type {
  CreateFavouriteListRequest,
  CreateFavouriteListResponse,
  DeleteFavouriteListRequest,
  DeleteFavouriteListResponse,
  GetFavouriteListRequest,
  GetFavouriteListResponse,
  ListFavouriteListsRequest,
  ListFavouriteListsResponse,
  UpdateFavouriteListRequest,
  UpdateFavouriteListResponse,
} from '@pc/proto/accounts/v1/accounts';
import { AlreadyExistsError, FailedPreconditionError, NotFoundError } from '@pc/kit/errors/domain-errors';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import { FieldChecks } from '../domain/field-checks.js';
import { LIST_NAME_MAX, MAX_LISTS, defaultListId, listNameKey } from '../domain/favourite-records.js';
import { newId } from '../domain/secret-token.js';
import { FavouriteLists } from '../workflows/favourite-lists.js';
import { requireActor } from './actor.js';
import type { AccountsDependencies } from './dependencies.js';
import { itemMessage, listMessage } from './messages.js';

export type FavouritesDependencies = AccountsDependencies & { readonly lists: FavouriteLists };

export async function listFavouriteLists(
  request: ListFavouriteListsRequest,
  deps: FavouritesDependencies,
): Promise<ListFavouriteListsResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  return { lists: (await deps.lists.all(actor._id)).map(listMessage) };
}

export async function createFavouriteList(
  request: CreateFavouriteListRequest,
  deps: FavouritesDependencies,
): Promise<CreateFavouriteListResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  const checks = new FieldChecks();
  const name = checks.required('name', request.name, LIST_NAME_MAX);
  checks.done();
  const existing = await deps.lists.all(actor._id);
  if (
    existing.some(
      (list) => list.nameKey === listNameKey(name) || (list.isDefault && listNameKey(list.name) === listNameKey(name)),
    )
  )
    throw FavouriteLists.nameTaken(name);
  if (existing.length >= MAX_LISTS)
    throw new FailedPreconditionError(`at most ${MAX_LISTS} lists`, { reason: 'TOO_MANY_LISTS' });
  const now = deps.clock().toISOString();
  const record = {
    _id: newId('fl'),
    userId: actor._id,
    name,
    nameKey: listNameKey(name),
    isDefault: false,
    public: request.public,
    itemsCount: 0,
    createdAt: now,
    updatedAt: now,
  };
  try {
    return { list: listMessage(await deps.favourites.lists.put(record, { expectedVersion: 0 })) };
  } catch (error) {
    if (error instanceof AlreadyExistsError) throw FavouriteLists.nameTaken(name, error);
    throw error;
  }
}

export async function updateFavouriteList(
  request: UpdateFavouriteListRequest,
  deps: FavouritesDependencies,
): Promise<UpdateFavouriteListResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  const checks = new FieldChecks();
  const name = request.name === undefined ? undefined : checks.required('name', request.name, LIST_NAME_MAX);
  checks.done();
  const list = await deps.lists.owned(actor._id, request.listId);
  const renamed = name !== undefined && !list.isDefault && listNameKey(name) !== list.nameKey;
  const next = {
    ...list,
    ...(name !== undefined ? { name } : {}),
    ...(renamed && name ? { nameKey: listNameKey(name) } : {}),
    public: request.public ?? list.public,
    updatedAt: deps.clock().toISOString(),
  };
  try {
    return { list: listMessage(await deps.favourites.lists.put(next, { expectedVersion: list._version })) };
  } catch (error) {
    if (error instanceof AlreadyExistsError) throw FavouriteLists.nameTaken(name ?? list.name, error);
    throw error;
  }
}

export async function deleteFavouriteList(
  request: DeleteFavouriteListRequest,
  deps: FavouritesDependencies,
): Promise<DeleteFavouriteListResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  if (!request.listId || request.listId === defaultListId(actor._id))
    throw new FailedPreconditionError('the default list cannot be deleted', { reason: 'DEFAULT_LIST' });
  const list = await deps.lists.owned(actor._id, request.listId);
  for (const item of await deps.favourites.findItems({ listId: list._id }))
    await deps.favourites.items.delete(item._id);
  await deps.favourites.lists.delete(list._id);
  return {};
}

/** A public list is visible to anyone; a private one only to its owner (NOT_FOUND otherwise). */
export async function getFavouriteList(
  request: GetFavouriteListRequest,
  deps: FavouritesDependencies,
): Promise<GetFavouriteListResponse> {
  const page = resolvePage(request.page, { defaultSize: 20, maxSize: 100 });
  const list = request.listId ? await deps.favourites.getList(request.listId) : null;
  if (!list || (!list.public && list.userId !== request.actorUserId) || (!request.actorUserId && !list.public))
    throw new NotFoundError('favourite list', request.listId);
  const [items, total] = await Promise.all([
    deps.favourites.findItems(
      { listId: list._id },
      { sort: { addedAt: -1 }, skip: page.skip, limit: page.hitsPerPage },
    ),
    deps.favourites.countItems({ listId: list._id }),
  ]);
  return { list: listMessage(list), items: items.map(itemMessage), page: pageResponse(page, total) };
}
