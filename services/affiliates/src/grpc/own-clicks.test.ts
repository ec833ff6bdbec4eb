import { InvalidArgumentError, UnauthenticatedError } from '@pc/kit/errors/domain-errors';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { embeddedSuiteStore, mongoSuiteStore } from '../test-support/suite-stores.js';
import { ListOwnClicksRequest } from '@pc/proto/affiliates/v1/affiliates';
import { ClickFilter, ClickOrigin, LocationKind, UserAgentClass } from '@pc/proto/affiliates/v1/types';
import type { ClickRecord } from '../domain/click-record.js';
import { ClickRepository } from '../store/click-repository.js';
import { listOwnClicks } from './own-clicks.js';

const ANNA = 'us_anna';
const BEN = 'us_ben';
/** Anna's clicks: 230, one a minute from this time on, so newest first is the reverse. */
const ANNAS = 230;
const START = Date.parse('2026-03-01T08:00:00Z');

const clickOf = (n: number, userId: string, overrides: Partial<ClickRecord> = {}): ClickRecord => ({
  _id: `c_${userId}_${String(n).padStart(4, '0')}`,
  locationId: `loc_${n}`,
  locationKind: LocationKind.LOCATION_KIND_OFFER,
  offerId: `of_${n}`,
  productId: `p_${n}`,
  shopId: 'sh_green',
  promotionId: '',
  advertisementId: '',
  targetUrl: `https://www.greenshop.ch/p/${n}?affid=pub-4711&pc_click=c_${n}`,
  origin: ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE,
  placement: 'offer',
  referrerPageType: 'product',
  price: { amountMinor: 10_000 + n, currency: 'CHF' },
  isGreen: n % 2 === 0,
  country: 'CH',
  language: 'de',
  userId,
  visitorKey: `vk_secret_${userId}_${n}`,
  userAgentClass: UserAgentClass.USER_AGENT_CLASS_DESKTOP,
  filter: n % 5 === 0 ? ClickFilter.CLICK_FILTER_DUPLICATE : ClickFilter.CLICK_FILTER_NOT_FILTERED,
  counted: n % 5 !== 0,
  clickedAt: new Date(START + n * 60_000).toISOString(),
  ...overrides,
});

function suite(name: string, open: () => Promise<{ store: DocumentStore; close: () => Promise<void> }>) {
  describe(`ListOwnClicks (${name})`, () => {
    let opened: Awaited<ReturnType<typeof open>>;
    let clickLog: ClickRepository;
    const list = (overrides: Partial<ListOwnClicksRequest> = {}) =>
      listOwnClicks(ListOwnClicksRequest.fromPartial({ actorUserId: ANNA, ...overrides }), { clickLog });

    beforeAll(async () => {
      opened = await open();
      clickLog = await ClickRepository.open(opened.store);
      const all = [
        ...Array.from({ length: ANNAS }, (_, n) => clickOf(n, ANNA)),
        ...Array.from({ length: 7 }, (_, n) => clickOf(n, BEN, { shopId: 'sh_other' })),
        // A guest's clicks are tied to no one.
        ...Array.from({ length: 3 }, (_, n) => clickOf(n, '')),
      ];
      for (const click of all) await clickLog.insert(click, undefined);
    }, 60_000);
    afterAll(() => opened.close());

    it('lists the actor’s own clicks newest first, page after page, without the internal fields', async () => {
      const seen = [];
      for (let page = 1; page <= 3; page += 1) {
        const answer = await list({ page: { page, hitsPerPage: 100 } });
        expect(answer.page).toMatchObject({ page, hitsPerPage: 100, total: ANNAS, pages: 3 });
        seen.push(...answer.clicks);
      }
      expect(seen.map((c) => c.id)).toEqual(
        Array.from({ length: ANNAS }, (_, i) => `c_${ANNA}_${String(ANNAS - 1 - i).padStart(4, '0')}`),
      );
      expect(seen[0]).toEqual({
        id: `c_${ANNA}_0229`,
        clickedAt: new Date(START + 229 * 60_000),
        locationKind: LocationKind.LOCATION_KIND_OFFER,
        shopId: 'sh_green',
        offerId: 'of_229',
        productId: 'p_229',
        promotionId: '',
        advertisementId: '',
        price: { amountMinor: 10_229, currency: 'CHF' },
        isGreen: false,
        country: 'CH',
        language: 'de',
        origin: ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE,
        placement: 'offer',
        referrerPageType: 'product',
        userAgentClass: UserAgentClass.USER_AGENT_CLASS_DESKTOP,
      });
      const text = JSON.stringify(seen);
      expect(text).not.toMatch(/vk_secret|affid|loc_/);
      expect((await list({ page: { page: 4, hitsPerPage: 100 } })).clicks).toEqual([]);
    });

    it('never shows another user’s clicks, or a guest’s', async () => {
      const bens = await list({ actorUserId: BEN });
      expect(bens.page).toMatchObject({ total: 7, hitsPerPage: 100, pages: 1 });
      expect(bens.clicks.map((c) => c.id)).toEqual(
        Array.from({ length: 7 }, (_, i) => `c_${BEN}_${String(6 - i).padStart(4, '0')}`),
      );
      expect(bens.clicks.every((c) => c.shopId === 'sh_other')).toBe(true);
      expect(await list({ actorUserId: 'us_nobody' })).toMatchObject({ clicks: [], page: { total: 0, pages: 0 } });
    });

    it('pages of 100 by default, and names a bad page size; no actor is UNAUTHENTICATED', async () => {
      const first = await list();
      expect(first.clicks).toHaveLength(100);
      expect(first.page).toMatchObject({ page: 1, hitsPerPage: 100, total: ANNAS, pages: 3 });
      const fieldsOf = async (page: { page: number; hitsPerPage: number }) => {
        const error = await list({ page }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(InvalidArgumentError);
        return (error as InvalidArgumentError).violations.map((v) => v.field);
      };
      expect(await fieldsOf({ page: 1, hitsPerPage: 101 })).toEqual(['page.hits_per_page']);
      expect(await fieldsOf({ page: -1, hitsPerPage: 10 })).toEqual(['page.page']);
      for (const actorUserId of ['', '  '])
        await expect(list({ actorUserId })).rejects.toBeInstanceOf(UnauthenticatedError);
    });
  });
}

suite('embedded store', () => embeddedSuiteStore('affiliates-own-clicks-'));

describeWithEngine('MONGODB_URI', 'a user’s clicks on MongoDB', (uri) =>
  suite('MongoDB', () => mongoSuiteStore(uri, 'pc_affiliates_own_clicks')),
);
