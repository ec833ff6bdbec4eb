import { RpcError } from '@pc/kit/errors/grpc-errors';
import { isoTime, orNull } from '~/api/mappers/money.server';
import { sitePaths } from '~/api/mappers/site-paths.server';
import { listRunningPromotions } from '~/services/affiliates.server';
import type { SiteContext } from '~/site/site-context.server';
import { productList } from './lists.server';
import { optional } from './load.server';

/**
 * The promotions page (spec §2.2, §4). Promotions belong to the affiliates service, which does
 * not serve them yet (UNIMPLEMENTED): the page then says so and shows what exists, the largest
 * current price drops, instead of pretending there are none.
 */
export async function promotionsPage(context: SiteContext) {
  const country = context.locale.country.toUpperCase();
  const [running, drops] = await Promise.all([
    listRunningPromotions(country, context.language, 1, 24).catch((error: unknown) => {
      if (error instanceof RpcError) return null;
      throw error;
    }),
    optional(productList(context, { sort: 'price-drop', hitsPerPage: 12, with_offers: 'true' })),
  ]);
  return {
    available: running !== null,
    promotions: (running?.promotions ?? []).map((p) => ({
      id: p.id,
      title: p.title,
      description: p.description,
      image: orNull(p.imageUrl),
      shop: p.shopName,
      code: orNull(p.code),
      discountPercent: p.discountPercent,
      startsAt: isoTime(p.startsAt),
      endsAt: isoTime(p.endsAt),
      href: p.locationId ? sitePaths.clickOut(p.locationId) : null,
    })),
    drops: drops?.data ?? [],
    renderedAt: Date.now(),
  };
}
