import { runKeyedBatch } from './keyed-batch.js';

const records = (keys: string) => [...keys].map((key, offset) => ({ key, offset }));
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('runKeyedBatch', () => {
  it('handles everything and reports no gap when nothing fails', async () => {
    const seen: number[] = [];
    const outcome = await runKeyedBatch(
      records('abab'),
      3,
      async (r) => void seen.push(r.offset),
      () => false,
    );
    expect(outcome).toEqual({ handled: 4, handledAfterGap: [] });
    expect(seen.sort()).toEqual([0, 1, 2, 3]);
  });

  it('stops starting records after a failure and reports the gap and what was handled beyond it', async () => {
    const outcome = await runKeyedBatch(
      records('abcab'),
      2,
      async (r) => {
        await tick();
        if (r.offset === 1) throw new Error('b failed');
      },
      () => false,
    );
    expect(outcome.handled).toBe(1);
    expect(outcome.failure?.error).toEqual(new Error('b failed'));
    // c (offset 2) ran beside b; a's second record (3) may have too; b's second (4) never did.
    expect(outcome.handledAfterGap.map((r) => r.offset)).not.toContain(4);
  });

  it('counts records handled earlier as handled, without running them', async () => {
    const ran: number[] = [];
    const outcome = await runKeyedBatch(
      records('aab'),
      4,
      async (r) => void ran.push(r.offset),
      () => false,
      (r) => r.offset === 2,
    );
    expect(ran.sort()).toEqual([0, 1]);
    expect(outcome.handled).toBe(3);
  });

  it('resolves at once for an empty batch', async () => {
    expect(
      await runKeyedBatch(
        [],
        4,
        async () => {},
        () => false,
      ),
    ).toEqual({ handled: 0, handledAfterGap: [] });
  });
});
