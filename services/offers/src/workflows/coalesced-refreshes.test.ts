import { CoalescedRefreshes, MAX_NAMED_OFFERS, type RefreshCause } from './coalesced-refreshes.js';

const at = (changedAt: Date | undefined, changedOfferId?: string): RefreshCause => ({
  changedAt,
  changedOfferIds: changedOfferId === undefined ? undefined : [changedOfferId],
});

describe('CoalescedRefreshes', () => {
  function recorder() {
    const runs: {
      key: string;
      changedAt: Date | undefined;
      changedOfferIds: readonly string[] | undefined;
      finish: () => void;
    }[] = [];
    const refreshes = new CoalescedRefreshes(
      (productId, country, cause) =>
        new Promise<void>((resolve) => runs.push({ key: `${productId}/${country}`, ...cause, finish: resolve })),
    );
    return { runs, refreshes };
  }
  const flush = () => new Promise((resolve) => setImmediate(resolve));

  it('runs requests arriving during a refresh once, after it, from the earliest change', async () => {
    const { runs, refreshes } = recorder();
    const first = refreshes.request('p1', 'CH', at(new Date('2026-05-03')));
    const joiners = [
      refreshes.request('p1', 'CH', at(new Date('2026-05-02'))),
      refreshes.request('p1', 'CH', at(undefined)),
      refreshes.request('p1', 'CH', at(new Date('2026-05-01'))),
    ];
    expect(runs).toHaveLength(1);
    runs[0]!.finish();
    await first;
    await flush();
    expect(runs).toHaveLength(2);
    expect(runs[1]!.changedAt).toEqual(new Date('2026-05-01'));
    let settled = false;
    void Promise.all(joiners).then(() => (settled = true));
    await flush();
    expect(settled).toBe(false); // they wait for the run that began after they asked
    runs[1]!.finish();
    await Promise.all(joiners);
  });

  it('names the changed offers of all joiners, unless one named none or they are too many', async () => {
    const { runs, refreshes } = recorder();
    void refreshes.request('p1', 'CH', at(undefined, 'of_a'));
    void refreshes.request('p1', 'CH', at(undefined, 'of_b'));
    void refreshes.request('p1', 'CH', at(undefined, 'of_a'));
    runs[0]!.finish();
    await flush();
    void refreshes.request('p1', 'CH', at(undefined, 'of_c'));
    void refreshes.request('p1', 'CH', at(undefined));
    runs[1]!.finish();
    await flush();
    for (let i = 0; i <= MAX_NAMED_OFFERS; i += 1) void refreshes.request('p1', 'CH', at(undefined, `of_${i}`));
    runs[2]!.finish();
    await flush();
    expect(runs.map((run) => run.changedOfferIds)).toEqual([['of_a'], ['of_b', 'of_a'], undefined, undefined]);
  });

  it('keeps summaries of other products and countries apart', async () => {
    const { runs, refreshes } = recorder();
    void refreshes.request('p1', 'CH', at(undefined));
    void refreshes.request('p1', 'DE', at(undefined));
    void refreshes.request('p2', 'CH', at(undefined));
    expect(runs.map((run) => run.key)).toEqual(['p1/CH', 'p1/DE', 'p2/CH']);
  });

  it('starts afresh after a failed refresh, and tells the failure to those who waited for it', async () => {
    let calls = 0;
    const refreshes = new CoalescedRefreshes(async () => {
      calls += 1;
      if (calls === 1) throw new Error('store unavailable');
    });
    await expect(refreshes.request('p1', 'CH', at(undefined))).rejects.toThrow('store unavailable');
    await refreshes.request('p1', 'CH', at(undefined));
    expect(calls).toBe(2);
  });
});
