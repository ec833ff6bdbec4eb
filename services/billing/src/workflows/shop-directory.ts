import { status as GrpcStatus } from '@grpc/grpc-js';
import type { GetShopRequest, GetShopResponse } from '@pc/proto/offers/v1/offers';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { FailedPreconditionError, NotFoundError } from '@pc/kit/errors/domain-errors';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { detailsFromRegistration, emptyAccount, type ShopEntry } from '../domain/account-record.js';
import type { AccountLedger } from './account-ledger.js';

/** The one offers call billing makes (the kit's client satisfies it). */
export interface GetShopCall {
  getShop(request: GetShopRequest): Promise<GetShopResponse>;
}

/**
 * A shop the actor may subscribe: known from ShopRegistered, or — when the site is faster than
 * the event — read from offers (the owner of shops) and recorded. Another user's shop is
 * NOT_FOUND, as an unknown one (ids of others cannot be probed).
 */
export class ShopDirectory {
  constructor(
    private readonly ledger: AccountLedger,
    private readonly offers: GetShopCall,
  ) {}

  async requireOwned(userId: string, shopId: string): Promise<ShopEntry> {
    const known = (await this.ledger.accounts.get(userId))?.shops.find((shop) => shop.shopId === shopId);
    if (known) return known;
    let shop;
    try {
      shop = (await this.offers.getShop({ shopId, actorUserId: userId })).shop;
    } catch (error) {
      if (
        error instanceof RpcError &&
        (error.code === GrpcStatus.NOT_FOUND || error.code === GrpcStatus.PERMISSION_DENIED)
      )
        throw new NotFoundError('shop', shopId);
      throw error;
    }
    if (!shop || shop.ownerUserId !== userId) throw new NotFoundError('shop', shopId);
    if (shop.status !== ShopStatus.SHOP_STATUS_AWAITING_PAYMENT_METHOD)
      throw new FailedPreconditionError('the shop is not waiting for a payment method', {
        reason: 'SHOP_NOT_AWAITING_PAYMENT',
      });
    const at = this.ledger.clock();
    const entry: ShopEntry = {
      shopId,
      name: shop.name,
      domain: shop.domain,
      registeredAt: (shop.registeredAt ?? at).toISOString(),
      covered: false,
    };
    await this.ledger.change(userId, (current) => {
      const account = current ?? emptyAccount(userId, at);
      // The shop's registration prefills the billing address here too, as ShopRegistered would.
      const billingDetails = account.billingDetails ?? detailsFromRegistration(shop);
      return account.shops.some((s) => s.shopId === shopId)
        ? null
        : {
            doc: { ...account, shops: [...account.shops, entry], billingDetails, updatedAt: at.toISOString() },
            events: [],
          };
    });
    return entry;
  }
}
