import { CreatePromotionRequest, ListPromotionsRequest } from '@pc/proto/affiliates/v1/affiliates';
import { PromotionStatus } from '@pc/proto/affiliates/v1/types';
import type { SeedPromotion } from '../promotions/seed-promotions.js';
import type { PlatformClients } from './clients.js';

export interface CreatedPromotions {
  readonly created: number;
  readonly existing: number;
}

const ALL = [
  PromotionStatus.PROMOTION_STATUS_SCHEDULED,
  PromotionStatus.PROMOTION_STATUS_ACTIVE,
  PromotionStatus.PROMOTION_STATUS_ENDED,
];

/**
 * Creates the seed's promotions through affiliates.CreatePromotion as the seed's staff user
 * (staff:affiliates). A shop's promotion with the same title and country
 * from an earlier run is left alone, so seeding twice does not duplicate them.
 */
export async function createPromotions(
  clients: PlatformClients,
  actorUserId: string,
  promotions: readonly SeedPromotion[],
  shopIds: readonly string[],
): Promise<CreatedPromotions> {
  let created = 0;
  let existing = 0;
  const known = new Map<string, Set<string>>();
  for (const promotion of promotions) {
    const shopId = shopIds[promotion.shopIndex];
    if (!shopId) continue;
    let titles = known.get(shopId);
    if (!titles) {
      const { promotions: listed } = await clients.affiliates.listPromotions(
        ListPromotionsRequest.fromPartial({ shopId, statuses: ALL, page: { page: 1, hitsPerPage: 100 } }),
      );
      titles = new Set(listed.map((p) => `${p.countries.join(',')}|${p.title}`));
      known.set(shopId, titles);
    }
    if (titles.has(`${promotion.country}|${promotion.title}`)) {
      existing += 1;
      continue;
    }
    await clients.affiliates.createPromotion(
      CreatePromotionRequest.fromPartial({
        actorUserId,
        shopId,
        title: promotion.title,
        description: promotion.description,
        url: promotion.url,
        code: promotion.code,
        discountPercent: promotion.discountPercent,
        countries: [promotion.country],
        language: promotion.language,
        startsAt: promotion.startsAt,
        endsAt: promotion.endsAt ?? undefined,
      }),
    );
    created += 1;
  }
  return { created, existing };
}
