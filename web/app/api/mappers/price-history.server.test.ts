import { GetPriceHistoryResponse } from '@pc/proto/offers/v1/offers';
import { Availability } from '@pc/proto/common/v1/commerce';
import { priceHistoryJson } from './price-history.server';

describe('priceHistoryJson', () => {
  it('gives chart points per day in minor units of the history currency, and the extremes', () => {
    const history = GetPriceHistoryResponse.fromPartial({
      productId: 'K7f2',
      country: 'CH',
      currency: 'CHF',
      timeRange: { start: new Date('2026-08-22T00:00:00Z'), end: new Date('2026-11-22T00:00:00Z') },
      dailyLows: [
        {
          day: new Date('2026-11-20T00:00:00Z'),
          low: { amountMinor: 28900, currency: 'CHF' },
          high: { amountMinor: 31900, currency: 'CHF' },
          offersCount: 4,
        },
        {
          day: new Date('2026-11-21T00:00:00Z'),
          low: { amountMinor: 27900, currency: 'CHF' },
          high: undefined,
          offersCount: 1,
        },
      ],
      lowestPrice: { amountMinor: 27900, currency: 'CHF' },
      lowestPriceAt: new Date('2026-11-21T08:00:00Z'),
      currentPrice: { amountMinor: 27900, currency: 'CHF' },
      offers: [
        {
          offerId: 'o1',
          shop: { id: 's1', name: 'Digitec', faviconUrl: 'https://digitec.ch/favicon.ico', domain: 'digitec.ch' },
          points: [
            {
              at: new Date('2026-11-21T08:00:00Z'),
              price: { amountMinor: 27900, currency: 'CHF' },
              availability: Availability.AVAILABILITY_LIMITED,
            },
          ],
        },
      ],
    });
    expect(priceHistoryJson(history)).toEqual({
      productId: 'K7f2',
      country: 'CH',
      currency: 'CHF',
      range: { from: '2026-08-22T00:00:00.000Z', to: '2026-11-22T00:00:00.000Z' },
      points: [
        { date: '2026-11-20', low: 28900, high: 31900, offers: 4 },
        { date: '2026-11-21', low: 27900, high: null, offers: 1 },
      ],
      lowest: { amount: 27900, currency: 'CHF', at: '2026-11-21T08:00:00.000Z' },
      highest: null,
      current: { amount: 27900, currency: 'CHF' },
      offers: [
        {
          identifier: 'o1',
          shop: { id: 's1', name: 'Digitec', favicon: 'https://digitec.ch/favicon.ico' },
          points: [{ at: '2026-11-21T08:00:00.000Z', amount: 27900, availability: 'limited' }],
        },
      ],
    });
  });
});
