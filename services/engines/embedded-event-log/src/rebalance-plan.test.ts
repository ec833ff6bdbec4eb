import { planRebalance, type PartitionState } from './rebalance-plan.js';

const state = (partial: Partial<PartitionState> & { partition: number }): PartitionState => ({
  target: 'me',
  leaseHolder: undefined,
  leaseExpired: false,
  consuming: false,
  draining: false,
  ...partial,
});

describe('planRebalance', () => {
  it('takes partitions assigned to it that are free, expired or already its own', () => {
    const plan = planRebalance('me', [
      state({ partition: 0 }),
      state({ partition: 1, leaseHolder: 'dead', leaseExpired: true }),
      state({ partition: 2, leaseHolder: 'me' }),
      state({ partition: 3, leaseHolder: 'other' }),
    ]);
    expect(plan.acquire).toEqual([0, 1, 2]);
  });

  it('never takes a partition another live member still holds, even if assigned to it', () => {
    expect(planRebalance('me', [state({ partition: 0, leaseHolder: 'other' })])).toEqual({
      acquire: [],
      revoke: [],
      drop: [],
      release: [],
    });
  });

  it('hands over a partition now assigned to a newcomer, and leaves others alone', () => {
    const plan = planRebalance('me', [
      state({ partition: 0, target: 'newcomer', leaseHolder: 'me', consuming: true }),
      state({ partition: 1, target: 'me', leaseHolder: 'me', consuming: true }),
      state({ partition: 2, target: 'newcomer' }),
    ]);
    expect(plan).toEqual({ acquire: [], revoke: [0], drop: [], release: [] });
  });

  it('stops consuming at once a partition whose lease was taken over (it stalled past its session)', () => {
    const plan = planRebalance('me', [state({ partition: 0, leaseHolder: 'other', consuming: true })]);
    expect(plan.drop).toEqual([0]);
    expect(plan.revoke).toEqual([]);
  });

  it('releases an idle lease it holds for a partition assigned elsewhere', () => {
    expect(planRebalance('me', [state({ partition: 0, target: 'other', leaseHolder: 'me' })]).release).toEqual([0]);
  });

  it('leaves a partition alone while its previous worker is still draining', () => {
    const plan = planRebalance('me', [state({ partition: 0, draining: true, leaseHolder: 'me' })]);
    expect(plan).toEqual({ acquire: [], revoke: [], drop: [], release: [] });
  });
});
