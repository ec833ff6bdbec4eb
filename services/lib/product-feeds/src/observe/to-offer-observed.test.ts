import { Availability, Condition } from '@pc/proto/common/v1/commerce';
import { ExtractionMethod, ObservationSource, OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { analyzeFeed } from '../analyze-feed';
import type { FeedOffer } from '../validate/feed-offer';
import { toOfferObserved } from './to-offer-observed';

describe('toOfferObserved', () => {
  it('maps a valid item to an OfferObserved that encodes and carries the feed, prices and codes', async () => {
    const offers: FeedOffer[] = [];
    const defaults = { country: 'CH', currency: 'CHF', language: 'fr' };
    await analyzeFeed(
      `id,title,brand,gtin,mpn,price,sale_price,link,image_link,availability,condition,shipping,product_type\nK1,Bouilloire,Acme,4006381333931,B-1,59.90,49.90,https://s.ch/k1,https://s.ch/k1.jpg,in stock,used,CH::Post:0.00 CHF,Maison > Cuisine\n`,
      { defaults, onOffer: (offer) => void offers.push(offer) },
    );
    const observedAt = new Date('2026-12-01T10:00:00Z');
    const event = toOfferObserved(offers[0] as FeedOffer, {
      shopId: 'sh_1',
      feedId: 'fd_1',
      feedFetchId: 'ff_1',
      observationId: 'ob_1',
      observedAt,
      defaults,
    });
    expect(event).toMatchObject({
      shopId: 'sh_1',
      shopOfferId: 'K1',
      url: 'https://s.ch/k1',
      gtin: '04006381333931',
      rawGtin: '4006381333931',
      price: { amountMinor: 4990, currency: 'CHF' },
      originalPrice: { amountMinor: 5990, currency: 'CHF' },
      shipping: { amountMinor: 0, currency: 'CHF' },
      availability: Availability.AVAILABILITY_IN_STOCK,
      condition: Condition.CONDITION_USED,
      categoryPath: 'Maison > Cuisine',
      country: 'CH',
      language: 'fr',
      source: ObservationSource.OBSERVATION_SOURCE_FEED,
      extraction: ExtractionMethod.EXTRACTION_METHOD_NONE,
      feedId: 'fd_1',
      feedFetchId: 'ff_1',
      observedAt,
    });
    expect(OfferObserved.decode(OfferObserved.encode(event).finish())).toEqual(event);
  });
});
