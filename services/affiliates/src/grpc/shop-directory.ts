import { status as GrpcStatus } from '@grpc/grpc-js';
import type { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import type { ServiceClient } from '@pc/kit/grpc/client';

/** What a promotion copies from its shop (shown on the promotions page without another call). */
export interface ShopSummary {
  readonly id: string;
  readonly name: string;
  readonly faviconUrl: string;
  readonly homepageUrl: string;
  readonly ownerUserId: string;
}

/**
 * Shops as offers owns them, read over gRPC (no service reads another's store). Asked as an
 * anonymous caller, so only directory (ACTIVE) shops are found: a promotion of a shop visitors
 * cannot see would lead nowhere. Offers' NOT_FOUND becomes our NOT_FOUND; anything else (down,
 * slow) stays the dependency failure it is.
 */
export class ShopDirectory {
  constructor(private readonly offers: ServiceClient<typeof OffersServiceService>) {}

  async require(shopId: string): Promise<ShopSummary> {
    const shop = await this.find(shopId);
    if (!shop) throw new NotFoundError('shop', shopId);
    return shop;
  }

  async find(shopId: string): Promise<ShopSummary | null> {
    try {
      // Without the user of the call being served: as that user, an owner would find their own
      // shop before it is listed, and a stranger would not (the answer would depend on who asks).
      const { shop } = await this.offers.getShop({ shopId, actorUserId: '' }, { withoutUser: true });
      return shop
        ? {
            id: shop.id,
            name: shop.name,
            faviconUrl: shop.faviconUrl,
            homepageUrl: shop.homepageUrl,
            ownerUserId: shop.ownerUserId,
          }
        : null;
    } catch (error) {
      if (error instanceof RpcError && error.code === GrpcStatus.NOT_FOUND) return null;
      throw error;
    }
  }
}
