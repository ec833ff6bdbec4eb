import { ClickRecorded } from '@pc/proto/affiliates/events/v1/events';
import { Click, ClickFilter, ClickOrigin, LocationKind, UserAgentClass } from '@pc/proto/affiliates/v1/types';
import { EventEnvelope } from '@pc/proto/events/v1/envelope';
import { Events } from '@pc/proto/event-catalog';
import { toRecord } from '@pc/kit/events/publisher';
import { readRecordedClick } from './click-recorded-reader.js';

/** A ClickRecorded as affiliates publishes it. */
const published = (click: Partial<Click>) =>
  toRecord(
    'affiliates',
    {
      type: Events.clickRecorded,
      key: click.id ?? 'k',
      payload: ClickRecorded.fromPartial({ clickId: click.id ?? '', click, recordedAt: new Date() }),
    },
    new Date(),
  ).value;

/** The same fields through the generated decoders. */
function generated(value: Uint8Array) {
  const envelope = EventEnvelope.decode(value);
  const click = ClickRecorded.decode(envelope.payload).click;
  return {
    type: envelope.type,
    id: click?.id ?? '',
    offerId: click?.offerId ?? '',
    productId: click?.productId ?? '',
    shopId: click?.shopId ?? '',
    advertisementId: click?.advertisementId ?? '',
    country: click?.country ?? '',
    counted: click?.counted ?? false,
    clickedAt: click?.clickedAt ?? null,
  };
}

describe('reading a ClickRecorded for the fold', () => {
  it.each([
    [
      'every field set',
      {
        id: 'ck_0abc',
        locationId: 'lc_1',
        locationKind: LocationKind.LOCATION_KIND_ADVERTISEMENT,
        offerId: 'of_1',
        productId: 'p_ü_1',
        shopId: 'sh_ß',
        promotionId: 'pr_1',
        advertisementId: 'ad_1',
        targetUrl: 'https://shop.example/x?y=1',
        origin: ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE,
        price: { amountMinor: 123_456_789_012, currency: 'CHF' },
        isGreen: true,
        country: 'CH',
        language: 'de',
        userId: 'u_1',
        visitorId: 'v'.repeat(300),
        counted: true,
        clickedAt: new Date('2026-03-01T12:34:56.789Z'),
        filter: ClickFilter.CLICK_FILTER_NOT_FILTERED,
        referrerPageType: 'product',
        userAgentClass: UserAgentClass.USER_AGENT_CLASS_MOBILE,
        placement: 'offer',
      },
    ],
    ['nothing set', {}],
    ['not counted', { id: 'ck_1', shopId: 'sh_1', counted: false, clickedAt: new Date('2026-01-01T00:00:00Z') }],
    ['before 1970', { id: 'ck_2', counted: true, clickedAt: new Date('1969-07-20T20:17:40.5Z') }],
    ['far ahead', { id: 'ck_3', counted: true, clickedAt: new Date('2999-12-31T23:59:59.999Z') }],
  ])('reads what the generated decoders read: %s', (_name, click) => {
    const value = published(click);
    expect(readRecordedClick(value)).toEqual(generated(value));
  });

  it('reads a record in a larger buffer, and names the type of another event', () => {
    const value = published({ id: 'ck_4', counted: true });
    const framed = Buffer.concat([Buffer.from('junk'), value, Buffer.from('junk')]).subarray(4, 4 + value.length);
    expect(readRecordedClick(framed)).toEqual(generated(value));
    const other = EventEnvelope.encode(
      EventEnvelope.fromPartial({ type: 'pricecompare.offers.events.v1.OfferChanged', payload: Buffer.from([1, 2]) }),
    ).finish();
    expect(readRecordedClick(other).type).toBe('pricecompare.offers.events.v1.OfferChanged');
  });

  it('refuses a truncated record instead of reading past it', () => {
    const value = published({ id: 'ck_5', shopId: 'sh_1', counted: true });
    expect(() => readRecordedClick(value.subarray(0, value.length - 3))).toThrow(/truncated/);
  });
});
