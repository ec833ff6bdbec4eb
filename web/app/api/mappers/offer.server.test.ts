import { Availability, Condition } from '@pc/proto/common/v1/commerce';
import { ListPriceCheck, Offer } from '@pc/proto/offers/v1/types';
import { offerJson } from './offer.server';

const base = Offer.fromPartial({
  id: 'o1',
  locationId: 'loc-9',
  productId: 'K7f2',
  shop: { id: 's1', name: 'Digitec', faviconUrl: '', domain: 'digitec.ch' },
  name: 'Sony WH-1000XM5 schwarz',
  availability: Availability.AVAILABILITY_IN_STOCK,
  condition: Condition.CONDITION_NEW,
  country: 'CH',
  price: { amountMinor: 27900, currency: 'CHF' },
  displayPrice: { amountMinor: 27900, currency: 'CHF' },
  rel: 'nofollow sponsored noopener',
  isGreen: true,
  position: 1,
  observedAt: new Date('2026-11-20T10:00:00Z'),
});
const offer = (overrides: Partial<Offer>): Offer => ({ ...base, ...overrides });

describe('offerJson (spec §3 Offer)', () => {
  it('uses the spec names, snake_case availability and the click-out link', () => {
    expect(offerJson(offer({}))).toEqual({
      identifier: 'o1',
      productId: 'K7f2',
      name: 'Sony WH-1000XM5 schwarz',
      image: null,
      shop: { id: 's1', name: 'Digitec', favicon: null },
      availability: 'in_stock',
      condition: 'new',
      country: 'CH',
      currency: 'CHF',
      price: { amount: 27900, currency: 'CHF' },
      originalPrice: null,
      originalDisplayCurrency: null,
      originalDisplayPrice: null,
      shipping: null,
      total: null,
      wasPrice: null,
      reducedAt: null,
      listPriceCheck: null,
      deliveryTime: null,
      clickLink: '/goto/loc-9',
      rel: 'nofollow sponsored noopener',
      isGreen: true,
      position: 1,
      clicks: null,
      lastSeenAt: '2026-11-20T10:00:00.000Z',
      priceChangedAt: null,
      priceHold: null,
    });
  });

  it('says why a held price does not count (ADR 146): the median of the others and how many', () => {
    const held = offerJson(
      offer({
        priceHold: {
          reason: 'implausibly_low',
          medianPrice: { amountMinor: 29900, currency: 'CHF' },
          comparedOffers: 3,
          heldSince: new Date('2026-11-20T10:00:00Z'),
        },
      }),
    );
    expect(held.priceHold).toEqual({
      reason: 'implausibly_low',
      median: { amount: 29900, currency: 'CHF' },
      compared: 3,
    });
  });

  it("shows a converted price in the visitor's currency and keeps the shop's own figure", () => {
    const json = offerJson(
      offer({
        country: 'DE',
        price: { amountMinor: 29900, currency: 'EUR' },
        displayPrice: { amountMinor: 28150, currency: 'CHF' },
        listPrice: { amountMinor: 34900, currency: 'EUR' },
      }),
    );
    expect(json).toMatchObject({
      price: { amount: 28150, currency: 'CHF' },
      currency: 'CHF',
      originalDisplayPrice: 29900,
      originalDisplayCurrency: 'EUR',
      originalPrice: { amount: 34900, currency: 'EUR' },
    });
  });

  it('maps every availability and condition to the words of spec §3/§4', () => {
    const words = Object.values(Availability)
      .filter((v): v is Availability => typeof v === 'number')
      .map((availability) => offerJson(offer({ availability })).availability);
    expect(words).toEqual([
      'unknown',
      'unknown',
      'pre_sale',
      'pre_order',
      'in_stock',
      'out_of_stock',
      'limited',
      'sold_out',
      'discontinued',
    ]);
    expect(offerJson(offer({ condition: Condition.CONDITION_REFURBISHED })).condition).toBe('refurbished');
  });
});

describe('offerJson totals and true "was" prices (ADR 049, 049a)', () => {
  it('carries the total, the converted shipping, the history’s "was" price and the list-price check', () => {
    const json = offerJson(
      offer({
        shipping: { amountMinor: 990, currency: 'CHF' },
        displayShipping: { amountMinor: 990, currency: 'CHF' },
        displayTotal: { amountMinor: 28890, currency: 'CHF' },
        listPrice: { amountMinor: 39900, currency: 'CHF' },
        reduction: {
          wasPrice: { amountMinor: 29900, currency: 'CHF' },
          displayWasPrice: { amountMinor: 29900, currency: 'CHF' },
          reducedAt: new Date('2026-11-25T00:00:00Z'),
          listPriceCheck: ListPriceCheck.LIST_PRICE_CHECK_NOT_SEEN,
        },
      }),
    );
    expect(json).toMatchObject({
      total: { amount: 28890, currency: 'CHF' },
      shipping: { amount: 990 },
      wasPrice: { amount: 29900 },
      reducedAt: '2026-11-25T00:00:00.000Z',
      listPriceCheck: 'not_seen',
      originalPrice: { amount: 39900 },
    });
  });
});
