import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { GetClickStatsRequest } from '@pc/proto/affiliates/v1/affiliates';
import { affiliates } from '~/services/affiliates.server';

/** A shop's clicks on the business dashboard (spec §3 Shop: clicks today, clicks this month). */
export interface ShopClicks {
  readonly today: number;
  readonly thisMonth: number;
}

/** GetClickStats takes at most this many shops per call (proto affiliates.v1). */
const SHOPS_PER_CALL = 100;

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/**
 * The owner's shops' clicks today and this month (Europe/Zurich days) from affiliates'
 * GetClickStats, which checks that the actor owns every shop. An affiliates without the RPC
 * counts no clicks: 0 for each shop. Any other failure is null: the dashboard shows the clicks as
 * unavailable and the rest of the page still works.
 */
export async function shopClicks(
  actorUserId: string,
  shopIds: readonly string[],
): Promise<ReadonlyMap<string, ShopClicks> | null> {
  if (shopIds.length === 0) return new Map();
  try {
    const answers = await Promise.all(
      chunks(shopIds, SHOPS_PER_CALL).map((part) =>
        affiliates.getClickStats(
          GetClickStatsRequest.fromPartial({ actorUserId, shopIds: part, timeZone: 'Europe/Zurich' }),
        ),
      ),
    );
    return new Map(
      answers.flatMap(({ shops }) =>
        shops.map(
          (shop) =>
            [shop.shopId, { today: Number(shop.clicksToday), thisMonth: Number(shop.clicksThisMonth) }] as const,
        ),
      ),
    );
  } catch (error) {
    if (error instanceof RpcError && error.code === GrpcStatus.UNIMPLEMENTED)
      return new Map(shopIds.map((id) => [id, { today: 0, thisMonth: 0 }]));
    console.warn('business dashboard: click statistics unavailable', error instanceof Error ? error.message : error);
    return null;
  }
}
