import { Availability } from '@pc/proto/common/v1/commerce';
import type { Money } from '@pc/proto/common/v1/money';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { config } from '../config.server';
import { EXPORT_DEADLINE_MS, type ExportSource } from './export-source';
import { client } from './grpc.server';

const offers = client(OffersServiceService, config.OFFERS_GRPC_ADDR);

/** An amount as a decimal in major units ("129.90"); '' when absent. Its currency is a column of its own. */
const amount = (money: Money | undefined): string => (money ? (Number(money.amountMinor) / 100).toFixed(2) : '');
const availability = (value: Availability) =>
  Availability[value]?.replace('AVAILABILITY_', '').toLowerCase() ?? 'unspecified';

/**
 * Every offer, listed or not, from offers' StreamOffers (ADR 061): offers reads its store 500
 * offers at a time and checks the caller's staff:infrastructure itself; the gRPC stream's flow
 * control holds the next page back until the download took this one.
 */
export const OFFER_EXPORT: ExportSource = {
  columns: [
    'id',
    'shop_id',
    'shop',
    'shop_offer_id',
    'product_id',
    'name',
    'country',
    'currency',
    'price',
    'list_price',
    'shipping',
    'availability',
    'gtin',
    'mpn',
    'url',
    'image_url',
    'active',
    'first_seen_at',
    'observed_at',
    'price_changed_at',
    'version',
  ],
  async *rows(actorUserId, signal) {
    const stream = offers.streamOffers({ actorUserId, afterOfferId: '' }, { signal, deadlineMs: EXPORT_DEADLINE_MS });
    for await (const { offer } of stream) {
      if (!offer) continue;
      yield {
        id: offer.id,
        shop_id: offer.shop?.id ?? '',
        shop: offer.shop?.name ?? '',
        shop_offer_id: offer.shopOfferId,
        product_id: offer.productId,
        name: offer.name,
        country: offer.country,
        currency: offer.price?.currency ?? '',
        price: amount(offer.price),
        list_price: amount(offer.listPrice),
        shipping: amount(offer.shipping),
        availability: availability(offer.availability),
        gtin: offer.gtin,
        mpn: offer.mpn,
        url: offer.url,
        image_url: offer.imageUrl,
        active: offer.active,
        first_seen_at: offer.firstSeenAt?.toISOString() ?? '',
        observed_at: offer.observedAt?.toISOString() ?? '',
        price_changed_at: offer.priceChangedAt?.toISOString() ?? '',
        version: Number(offer.version),
      };
    }
  },
};
