import { openPlannedStore, type PlannedStore } from '@pc/sqlite-document-store/testing/query-plans';
import { ClickFilter, ClickOrigin, LocationKind, UserAgentClass } from '@pc/proto/affiliates/v1/types';
import type { ClickRecord } from '../domain/click-record.js';
import { ClickRepository } from './click-repository.js';

// A user's clicks (ListOwnClicks, ADR 148) are a few among every click of every visitor: without
// the user index the read walks the whole click log, which a test's rows do not show but the plan does.

let planned: PlannedStore;
let clicks: ClickRepository;

const click = (minute: number, userId: string): ClickRecord => ({
  _id: `c${String(minute).padStart(3, '0')}`,
  locationId: `loc${minute}`,
  locationKind: LocationKind.LOCATION_KIND_OFFER,
  offerId: `of${minute}`,
  productId: `p${minute % 7}`,
  shopId: 'sh1',
  promotionId: '',
  advertisementId: '',
  targetUrl: 'https://shop.example/p',
  origin: ClickOrigin.CLICK_ORIGIN_PRODUCT_PAGE,
  placement: 'offer',
  referrerPageType: 'product',
  price: null,
  isGreen: false,
  country: 'CH',
  language: 'de',
  userId,
  visitorKey: `vk${minute}`,
  userAgentClass: UserAgentClass.USER_AGENT_CLASS_DESKTOP,
  filter: ClickFilter.CLICK_FILTER_NOT_FILTERED,
  counted: true,
  clickedAt: `2026-11-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

beforeAll(async () => {
  planned = await openPlannedStore();
  clicks = await ClickRepository.open(planned.store);
  for (let minute = 0; minute < 40; minute += 1)
    await clicks.insert(click(minute, ['u1', 'u2', ''][minute % 3] ?? ''), undefined);
});

afterAll(async () => {
  await planned.close();
});

describe("a user's own clicks", () => {
  it('are theirs only, newest first; a guest’s are no one’s', async () => {
    const page = await clicks.ofUser('u1', { skip: 0, limit: 3 });
    expect(page.map((c) => c._id)).toEqual(['c039', 'c036', 'c033']);
    expect(await clicks.countOfUser('u1')).toBe(14);
    expect(await clicks.ofUser('', { skip: 0, limit: 3 })).toEqual([]);
    expect(await clicks.countOfUser('')).toBe(0);
  });

  it('read the user index in order: no scan of every click, nothing to sort', async () => {
    const from = planned.finds.length;
    await clicks.ofUser('u2', { skip: 5, limit: 5 });
    const plans = planned.finds.slice(from).map((find) => planned.planOf(find));
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatch(/^SEARCH t USING (COVERING )?INDEX cx_clicks\(userId,clickedAt/);
    expect(plans[0]).not.toMatch(/TEMP B-TREE/);
  });
});
