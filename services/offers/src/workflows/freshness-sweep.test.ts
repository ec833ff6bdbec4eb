import { pino } from 'pino';
import { FreshnessSweep, type FreshnessSweepDeps } from './freshness-sweep.js';

/** Shops whose stored counts are already right: a refresh only counts, it writes nothing. */
function sweepCounting(shopIds: readonly string[], count: (shopId: string) => number): FreshnessSweep {
  const shops = shopIds.map((id) => ({ _id: id, _version: 1, status: 'ACTIVE', offersCount: 5 }));
  const deps = {
    shops: { find: (_filter: unknown, options: { skip: number }) => Promise.resolve(options.skip === 0 ? shops : []) },
    offers: { countActiveOfShop: (shopId: string) => Promise.resolve(count(shopId)) },
    rules: { staleAfterMs: 86_400_000 },
    clock: () => new Date(),
    logger: pino({ level: 'silent' }),
  } as unknown as FreshnessSweepDeps;
  return new FreshnessSweep(deps);
}

describe('shop offer counts', () => {
  it('lets the event loop serve other work between two shops (a count blocks it while it runs)', async () => {
    let turns = 0;
    const turnsSeenAtCount: number[] = [];
    const sweep = sweepCounting(['s1', 's2', 's3'], () => {
      turnsSeenAtCount.push(turns);
      return 5;
    });
    // Stands for a request waiting to be served: a callback in every turn of the event loop.
    let spinning = true;
    const spin = (): void => {
      turns += 1;
      if (spinning) setImmediate(spin);
    };
    setImmediate(spin);
    try {
      await sweep.refreshShopCountsOnce();
    } finally {
      spinning = false;
    }
    expect(turnsSeenAtCount).toHaveLength(3);
    // Each count after the first saw at least one more turn of the loop than the one before it.
    expect(turnsSeenAtCount[1]! > turnsSeenAtCount[0]! && turnsSeenAtCount[2]! > turnsSeenAtCount[1]!).toBe(true);
  });
});
