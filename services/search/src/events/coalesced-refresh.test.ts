import { CoalescedRefresh } from './coalesced-refresh.js';

describe('CoalescedRefresh', () => {
  it('shares one refresh among callers waiting for the next one, and keeps the interval', async () => {
    const startedAt: number[] = [];
    const refresh = new CoalescedRefresh(async () => {
      startedAt.push(Date.now());
    }, 40);
    await refresh.after();
    await Promise.all([refresh.after(), refresh.after(), refresh.after()]);
    expect(startedAt).toHaveLength(2);
    expect((startedAt[1] ?? 0) - (startedAt[0] ?? 0)).toBeGreaterThanOrEqual(35);
  });

  it('gives a caller arriving during a refresh a later one', async () => {
    let calls = 0;
    let release: () => void = () => undefined;
    const refresh = new CoalescedRefresh(async () => {
      calls++;
      if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
    }, 0);
    const first = refresh.after();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = refresh.after();
    release();
    await Promise.all([first, second]);
    expect(calls).toBe(2);
  });

  it('rejects the callers of a failed refresh and recovers for the next', async () => {
    let fail = true;
    const refresh = new CoalescedRefresh(async () => {
      if (fail) throw new Error('down');
    }, 0);
    await expect(refresh.after()).rejects.toThrow('down');
    fail = false;
    await expect(refresh.after()).resolves.toBeUndefined();
  });
});
