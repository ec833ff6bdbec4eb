import type { FavouriteItem } from '@pc/proto/accounts/v1/types';
import { z } from 'zod';
import { requireApiUser } from '~/auth/api-user.server';
import { currentUser } from '~/auth/current-user.server';
import { favourites } from '~/services/accounts.server';
import { jsonBody, privateJson, type ActionCall } from '../http/api-action.server';
import { apiLocale, type ApiLocale } from '../http/api-locale.server';
import { knownProductId } from '../http/known-product.server';
import { localeParam } from '../http/params.server';
import { parseOrThrow, queryValues } from '../http/query.server';
import { favouriteItemJson, favouriteListJson, listedFavouriteJson, pageMeta } from '../mappers/favourites.server';
import { savedPricesOf } from './favourite-saved-prices.server';

/** `default` in a path is the user's default list (listed first); any other segment is a list id. */
async function listIdOf(userId: string | undefined, param: string | undefined): Promise<string> {
  if (param !== 'default') return param ?? '';
  return userId ? ((await favourites.lists(userId)).lists.find((list) => list.isDefault)?.id ?? '') : '';
}

/** A page of items; the locale fixes the country and currency of their saved prices. */
const paging = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  hitsPerPage: z.coerce.number().int().min(1).max(100).default(20),
  locale: localeParam,
});

/** A page of items with how each price moved since it was saved (ADR 143). */
async function listedItems(items: readonly FavouriteItem[], locale: ApiLocale) {
  const saved = await savedPricesOf(items, locale);
  return items.map((item) => listedFavouriteJson(item, saved[item.productId]));
}

const listChange = z.object({ name: z.string().trim().min(1).max(100).optional(), public: z.boolean().optional() });
const newList = z.object({
  name: z.string().trim().min(1, 'is required').max(100),
  public: z.boolean().default(false),
});
const newItem = z.object({
  product_id: z.string().trim().min(1, 'is required').max(200),
  note: z.string().max(500).default(''),
});

/** GET /api/favourites: the user's lists, default first. */
export async function listLists({ request }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  return privateJson({ data: (await favourites.lists(user.id)).lists.map(favouriteListJson) });
}

/** POST /api/favourites: a new named list; 201. */
export async function createList({ request }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  const body = await jsonBody(request, newList);
  const { list } = await favourites.createList(user.id, body.name, body.public);
  return privateJson({ data: list ? favouriteListJson(list) : null }, 201);
}

/** GET /api/favourites/all ({locale}/favourites/all): every favourite once, newest first. */
export async function listAll({ request, url }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  const { page, hitsPerPage, locale } = parseOrThrow(paging, queryValues(url));
  const answer = await favourites.all(user.id, page, hitsPerPage);
  return privateJson({ data: await listedItems(answer.items, apiLocale(locale)), meta: pageMeta(answer.page) });
}

/** GET /api/favourites/status?ids=a,b: the lists each product is in (favourite button). */
export async function status({ request, url }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  const { ids } = parseOrThrow(z.object({ ids: z.string().max(20_000).default('') }), queryValues(url));
  const productIds = ids
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const { statuses } = await favourites.status(user.id, productIds);
  return privateJson({ data: statuses.map((s) => ({ product_id: s.productId, list_ids: s.listIds })) });
}

/** GET /api/favourites/{list} ({locale}/favourites/{list}): a public list for anyone, a private one for its owner. */
export async function showList({ request, url, params }: ActionCall): Promise<Response> {
  const user = await currentUser(request);
  const { page, hitsPerPage, locale } = parseOrThrow(paging, queryValues(url));
  const answer = await favourites.list(user?.id ?? '', await listIdOf(user?.id, params.list), page, hitsPerPage);
  return privateJson({
    data: {
      list: answer.list ? favouriteListJson(answer.list) : null,
      items: await listedItems(answer.items, apiLocale(locale)),
    },
    meta: pageMeta(answer.page),
  });
}

/** PATCH /api/favourites/{list}: rename or share. */
export async function updateList({ request, params }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  const change = await jsonBody(request, listChange);
  const { list } = await favourites.updateList(user.id, await listIdOf(user.id, params.list), change);
  return privateJson({ data: list ? favouriteListJson(list) : null });
}

/** DELETE /api/favourites/{list}: a named list with its items (not the default list). */
export async function deleteList({ request, params }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  await favourites.deleteList(user.id, await listIdOf(user.id, params.list));
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
}

/** POST /api/favourites/{list}/items: adds a product (idempotent: `added` false when it was there). */
export async function addItem({ request, params }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  const body = await jsonBody(request, newItem);
  // The service's empty list id is the default list (created on first use).
  const listId = params.list === 'default' ? '' : (params.list ?? '');
  const { item, added } = await favourites.add(
    user.id,
    listId,
    await knownProductId('product_id', body.product_id),
    body.note,
  );
  return privateJson({ data: item ? favouriteItemJson(item) : null, added }, added ? 201 : 200);
}

/** DELETE /api/favourites/{list}/items/{product} (`all` as the list: from every list). */
export async function removeItem({ request, params }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  // The service's empty list id means every list.
  const listId = params.list === 'all' ? '' : await listIdOf(user.id, params.list);
  const { removed } = await favourites.remove(user.id, listId, params.product ?? '');
  return privateJson({ removed });
}
