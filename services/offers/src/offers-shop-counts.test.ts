import { eventually, OffersHarness } from './test-support/offers-harness.js';
import { directoryShop, HEADPHONES, observation } from './test-support/observations.js';

/** Shops' offer counts follow new offers on their own short interval, not only with the 5-minute sweep. */
describe('shop offer counts between sweeps', () => {
  let h: OffersHarness;

  beforeAll(async () => {
    h = await OffersHarness.start({ OFFERS_SWEEP_INTERVAL: '1d', OFFERS_SHOP_COUNT_INTERVAL: '1s' });
  });

  afterAll(async () => {
    await h.stop();
  });

  it('counts a shop’s new offers within the count interval and tells the other services once', async () => {
    const shopId = (await h.offers.registerShop(directoryShop('Gamma Audio', 'gamma-audio.ch', ['CH']))).shop?.id ?? '';
    await h.observe(observation(shopId, 'G-1', HEADPHONES, 32_900), observation(shopId, 'G-2', HEADPHONES, 33_900));
    const changed = await eventually(() => h.events.shopChanged.find((event) => event.shopId === shopId && event.shop?.offersCount === 2));
    expect(changed?.changedFields).toEqual(['offers_count']);
    expect((await h.offers.getShop({ shopId, actorUserId: '' })).shop?.offersCount).toBe(2);
    // Unchanged counts in later runs are no events.
    const before = h.events.shopChanged.filter((event) => event.shopId === shopId).length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(h.events.shopChanged.filter((event) => event.shopId === shopId)).toHaveLength(before);
  });
});
