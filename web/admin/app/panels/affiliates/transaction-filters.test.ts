import { readTransactionFilters } from './transaction-filters';

describe('the transactions table filters from the URL', () => {
  it('reads network, status, shop and the order days as a half-open range', () => {
    expect(readTransactionFilters({ network: ' AWIN ', status: 'approved', shop: 'sh_1', to: '2026-05-31' })).toEqual({
      ok: true,
      value: { network: 'awin', status: 'approved', shopId: 'sh_1', from: null, to: new Date('2026-06-01T00:00:00Z') },
    });
  });

  it('names a network that no network could be called, and a range that ends before it starts', () => {
    expect(readTransactionFilters({ network: 'a b' })).toEqual({ ok: false, errors: { network: 'network' } });
    expect(readTransactionFilters({ from: '2026-05-02', to: '2026-05-01' })).toEqual({
      ok: false,
      errors: { to: 'order' },
    });
  });
});
