import { Availability, Condition } from '@pc/proto/common/v1/commerce';
import { OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { parseObservation } from './observation.js';
import { offerIdOf } from './offer-record.js';

const now = new Date('2026-06-01T12:00:00Z');
const observed = (overrides: Partial<OfferObserved> = {}) =>
  OfferObserved.fromPartial({
    shopId: 'sh_1',
    shopOfferId: 'SKU-1',
    url: 'https://shop.example/p/1',
    title: '  Phone X 128 GB ',
    price: { amountMinor: 49_900, currency: 'CHF' },
    country: 'ch',
    observedAt: new Date('2026-06-01T11:00:00Z'),
    imageUrls: ['https://shop.example/1.jpg', 'not a url'],
    ...overrides,
  });

describe('parseObservation', () => {
  it('normalises a good observation', () => {
    const parsed = parseObservation(observed({ originalPrice: { amountMinor: 59_900, currency: 'CHF' } }), now);
    expect(parsed).toMatchObject({
      ok: true,
      observation: {
        offerId: offerIdOf('sh_1', 'SKU-1'),
        title: 'Phone X 128 GB',
        country: 'CH',
        listPrice: { amountMinor: 59_900, currency: 'CHF' },
        shipping: null,
        availability: Availability.AVAILABILITY_UNKNOWN,
        condition: Condition.CONDITION_UNKNOWN,
        imageUrls: ['https://shop.example/1.jpg'],
      },
    });
  });

  it('drops a crossed-out price that is no reduction or in another currency', () => {
    const notLower = parseObservation(observed({ originalPrice: { amountMinor: 49_900, currency: 'CHF' } }), now);
    const otherCurrency = parseObservation(observed({ originalPrice: { amountMinor: 59_900, currency: 'EUR' } }), now);
    expect(notLower.ok && notLower.observation.listPrice).toBeNull();
    expect(otherCurrency.ok && otherCurrency.observation.listPrice).toBeNull();
  });

  it.each([
    [{ shopId: ' ' }, 'shop_id_missing'],
    [{ shopOfferId: '' }, 'shop_offer_id_missing'],
    [{ title: '' }, 'title_missing'],
    [{ url: 'ftp://shop.example/1' }, 'url_invalid'],
    [{ price: undefined }, 'price_missing'],
    [{ price: { amountMinor: 0, currency: 'CHF' } }, 'price_not_positive'],
    [{ price: { amountMinor: 100, currency: 'chf' } }, 'currency_invalid'],
    [{ country: 'CHE' }, 'country_invalid'],
    [{ observedAt: undefined }, 'observed_at_missing'],
    [{ observedAt: new Date('2026-06-01T12:06:00Z') }, 'observed_in_future'],
  ] as [Partial<OfferObserved>, string][])('rejects %j as %s', (overrides, reason) => {
    expect(parseObservation(observed(overrides), now)).toEqual({ ok: false, reason });
  });

  it('derives one offer id per shop item, different across shops', () => {
    expect(offerIdOf('a', 'b')).toBe(offerIdOf('a', 'b'));
    expect(offerIdOf('a', 'bc')).not.toBe(offerIdOf('ab', 'c'));
  });
});
