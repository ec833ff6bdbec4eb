import { mapConcurrently } from './concurrency';

describe('mapConcurrently', () => {
  it('keeps at most `limit` tasks in flight and returns results in input order', async () => {
    let inFlight = 0;
    let peak = 0;
    function* numbers() {
      for (let i = 0; i < 40; i += 1) yield i;
    }
    const results = await mapConcurrently(numbers(), 4, async (n) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, (n * 7) % 5));
      inFlight -= 1;
      return n * 2;
    });
    expect(results).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
    expect(peak).toBe(4);
  });

  it('fails with the first error and starts no task after it', async () => {
    const started: number[] = [];
    await expect(
      mapConcurrently([1, 2, 3, 4, 5, 6], 2, async (n) => {
        started.push(n);
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (n === 2) throw new Error('boom');
        return n;
      }),
    ).rejects.toThrow('boom');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(started).toEqual([1, 2, 3]);
  });
});
