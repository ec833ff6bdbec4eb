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
    const shopId =
      (await h.offers.registerShop(directoryShop('Gamma Audio', 'gamma-audio.ch', ['CH'], h.staffUserId))).shop?.id ??
      '';
    await h.observe(observation(shopId, 'G-1', HEADPHONES, 32_900), observation(shopId, 'G-2', HEADPHONES, 33_900));
    const changed = await eventually(() =>
      h.events.shopChanged.find((event) => event.shopId === shopId && event.shop?.offersCount === 2),
    );
    expect(changed?.changedFields).toEqual(['offers_count']);
    expect((await h.offers.getShop({ shopId, actorUserId: '' })).shop?.offersCount).toBe(2);
    // Unchanged counts in later runs are no events.
    const before = h.events.shopChanged.filter((event) => event.shopId === shopId).length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(h.events.shopChanged.filter((event) => event.shopId === shopId)).toHaveLength(before);
  });

  it('lets the event loop serve other work between shops while it counts (each count blocks it)', async () => {
    for (const name of ['Delta', 'Epsilon', 'Zeta'])
      await h.offers.registerShop(
        directoryShop(`${name} Audio`, `${name.toLowerCase()}-audio.ch`, ['CH'], h.staffUserId),
      );
    await h.app.sweep.refreshShopCountsOnce(); // counts now stored: the next run only reads
    // Stands for a request waiting to be served: a callback in every turn of the event loop.
    let turns = 0;
    let spinning = true;
    const spin = (): void => {
      turns += 1;
      if (spinning) setImmediate(spin);
    };
    setImmediate(spin);
    await h.app.sweep.refreshShopCountsOnce();
    spinning = false;
    // Resolved counts awaited one after another would never leave the microtask queue (0 turns).
    expect(turns).toBeGreaterThanOrEqual(4); // the four shops
  });
});
