import { z } from 'zod';
import { requireApiUser } from '~/auth/api-user.server';
import { recentlyViewed } from '~/services/accounts.server';
import { jsonBody, privateJson, type ActionCall } from '../http/api-action.server';
import { knownProductId } from '../http/known-product.server';
import { isoTime } from '../mappers/money.server';

const toJson = (items: { productId: string; viewedAt?: Date }[]) =>
  items.map((item) => ({ product_id: item.productId, viewed_at: isoTime(item.viewedAt) }));

/** GET /api/recently-viewed: the signed-in user's list (visitors keep theirs in a cookie). */
export async function listRecentlyViewed({ request }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  return privateJson({ data: toJson((await recentlyViewed.list(user.id)).items) });
}

/** POST /api/recently-viewed: { product_id } viewed now; answers the list after it. */
export async function recordRecentlyViewed({ request }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  const body = await jsonBody(request, z.object({ product_id: z.string().trim().min(1, 'is required').max(200) }));
  return privateJson({
    data: toJson((await recentlyViewed.record(user.id, await knownProductId('product_id', body.product_id))).items),
  });
}
