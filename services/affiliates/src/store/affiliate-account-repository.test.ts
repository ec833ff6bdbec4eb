import type { AffiliateAccountRecord } from '../domain/advertiser-records.js';
import { holdingStore, nextTurn } from '../test-support/holding-store.js';
import { scratchStorePerTest } from '../test-support/scratch-store.js';
import { AffiliateAccountRepository } from './affiliate-account-repository.js';

const account: AffiliateAccountRecord = {
  _id: 'account-1',
  advertiserId: 'advertiser-1',
  shopId: 'shop-1',
  network: 'awin',
  publisherId: 'publisher-1',
  commissionBasisPoints: 500,
  commissionPerClick: null,
  trackingParameters: [{ name: 'awc', value: 'first' }],
  active: true,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
};

describe('AffiliateAccountRepository tracking parameters', () => {
  const store = scratchStorePerTest('affiliate-accounts-');

  it('sends the saved parameters from the next click on, even if a read from before the save ends later', async () => {
    const held = holdingStore(store());
    const accounts = await AffiliateAccountRepository.open(held.store);
    const first = await accounts.save(account, 0);
    expect(await accounts.trackingParametersOf('shop-1')).toEqual([{ name: 'awc', value: 'first' }]);

    const changed = { ...account, trackingParameters: [{ name: 'awc', value: 'second' }] };
    held.holdNext('find');
    await accounts.save({ ...account, trackingParameters: [{ name: 'awc', value: 'between' }] }, first._version);
    const readBeforeTheSave = accounts.trackingParametersOf('shop-1');
    await nextTurn();
    await accounts.save(changed, first._version + 1);
    expect(await accounts.trackingParametersOf('shop-1')).toEqual([{ name: 'awc', value: 'second' }]);

    held.release();
    expect(await readBeforeTheSave).toEqual([{ name: 'awc', value: 'between' }]);
    expect(await accounts.trackingParametersOf('shop-1')).toEqual([{ name: 'awc', value: 'second' }]);
  });
});
