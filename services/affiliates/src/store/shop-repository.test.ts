import { holdingStore, nextTurn } from '../test-support/holding-store.js';
import { scratchStorePerTest } from '../test-support/scratch-store.js';
import { ShopRepository, type ShopRecord } from './shop-repository.js';

const shop = (version: number): ShopRecord => ({
  _id: 'shop-1',
  name: 'Owned Shop',
  homepageUrl: 'https://owned-shop.example/',
  ownerUserId: 'owner-1',
  urlParameters: [],
  deleted: false,
  version,
});

describe('ShopRepository', () => {
  const store = scratchStorePerTest('shop-repository-');

  it('answers with a shop once its change is applied, even if a read from before the change ends later', async () => {
    const held = holdingStore(store());
    const shops = await ShopRepository.open(held.store);

    held.holdNext('get');
    const readBeforeTheShop = shops.get('shop-1');
    await nextTurn();
    await shops.apply(shop(1));
    expect((await shops.get('shop-1'))?.ownerUserId).toBe('owner-1');

    held.release();
    expect(await readBeforeTheShop).toBeNull();
    // The late read saw no shop; it must not make the shop unknown for the cache's lifetime.
    expect((await shops.get('shop-1'))?.ownerUserId).toBe('owner-1');
  });

  it('keeps a shop it has read for later calls, and sees a change applied through it at once', async () => {
    const shops = await ShopRepository.open(store());
    await shops.apply(shop(1));
    expect((await shops.get('shop-1'))?.name).toBe('Owned Shop');
    await shops.apply({ ...shop(2), name: 'Renamed Shop' });
    expect((await shops.get('shop-1'))?.name).toBe('Renamed Shop');
    await shops.apply({ ...shop(3), deleted: true });
    expect((await shops.get('shop-1'))?.deleted).toBe(true);
  });
});
