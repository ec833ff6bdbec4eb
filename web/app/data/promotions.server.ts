import { PromotionSort } from '@pc/proto/affiliates/v1/affiliates';
import type { Promotion } from '@pc/proto/affiliates/v1/types';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { isoTime, orNull } from '~/api/mappers/money.server';
import { sitePaths } from '~/api/mappers/site-paths.server';
import { listRunningPromotions, listScheduledPromotions } from '~/services/affiliates.server';
import type { SiteContext } from '~/site/site-context.server';
import { productList } from './lists.server';
import { optional } from './load.server';

/** Scheduled promotions shown after the running ones ("starts on date"). */
const UPCOMING = 6;

/** A service failure of affiliates leaves the page up with a notice, not an error page. */
const orUnavailable = <T>(promise: Promise<T>) =>
  promise.catch((error: unknown) => {
    if (error instanceof RpcError) return null;
    throw error;
  });

const toView = (p: Promotion) => ({
  id: p.id,
  title: p.title,
  description: p.description,
  image: orNull(p.imageUrl),
  shop: p.shopName,
  code: orNull(p.code),
  discountPercent: p.discountPercent,
  startsAt: isoTime(p.startsAt),
  endsAt: isoTime(p.endsAt),
  // The click-out says it came from the promotions page (affiliates records where clicks start).
  href: p.locationId ? `${sitePaths.clickOut(p.locationId)}?o=promotions&p=promotion` : null,
});

/** The promotions page's orders (spec §4): ending soon (default) or newest. */
export type PromotionsOrder = 'ending-soon' | 'newest';

export const promotionsOrderOf = (url: URL): PromotionsOrder =>
  url.searchParams.get('sort') === 'newest' ? 'newest' : 'ending-soon';

/**
 * The promotions page (spec §2.2, §4): the country's running promotions (visitor's language
 * first, ending soonest or newest first, with countdowns), then those starting soon, and the
 * largest current price drops below. When affiliates cannot answer, the page says so and still
 * shows the price drops.
 */
export async function promotionsPage(context: SiteContext, order: PromotionsOrder = 'ending-soon') {
  const country = context.locale.country.toUpperCase();
  const sort = order === 'newest' ? PromotionSort.PROMOTION_SORT_NEWEST : PromotionSort.PROMOTION_SORT_ENDING_SOON;
  const [running, upcoming, drops] = await Promise.all([
    orUnavailable(listRunningPromotions(country, context.language, 1, 24, sort)),
    orUnavailable(listScheduledPromotions(country, context.language, UPCOMING)),
    optional(productList(context, { sort: 'price-drop', hitsPerPage: 12, with_offers: 'true' })),
  ]);
  return {
    available: running !== null,
    promotions: [...(running?.promotions ?? []), ...(upcoming?.promotions ?? [])].map(toView),
    drops: drops?.data ?? [],
    order,
    renderedAt: Date.now(),
  };
}
