import { WriteBehindBuffer } from './write-behind.js';

describe('WriteBehindBuffer', () => {
  it('writes what arrives together as one batch and resolves each submit only after its write', async () => {
    const written: number[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const buffer = new WriteBehindBuffer<number>(async (items) => {
      written.push([...items]);
      await gate;
    }, 10);
    let acknowledged = 0;
    const submits = [1, 2, 3].map((n) => buffer.submit(n).then(() => acknowledged++));
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toEqual([[1, 2, 3]]);
    expect(acknowledged).toBe(0);
    // Arrivals during a write form the next batch.
    const later = buffer.submit(4);
    release();
    await Promise.all([...submits, later]);
    expect(acknowledged).toBe(3);
    expect(written).toEqual([[1, 2, 3], [4]]);
  });

  it('caps a batch at maxItems', async () => {
    const sizes: number[] = [];
    const buffer = new WriteBehindBuffer<number>(async (items) => {
      sizes.push(items.length);
    }, 2);
    await Promise.all([1, 2, 3, 4, 5].map((n) => buffer.submit(n)));
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('fails only the item that cannot be written, after retrying the batch item by item', async () => {
    const buffer = new WriteBehindBuffer<string>(async (items) => {
      if (items.includes('poison')) throw new Error('refused');
    }, 10);
    const results = await Promise.allSettled(['a', 'poison', 'b'].map((item) => buffer.submit(item)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('tells when everything submitted was written', async () => {
    const written: string[] = [];
    const buffer = new WriteBehindBuffer<string>(async (items) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      written.push(...items);
    }, 10);
    void buffer.submit('x');
    await buffer.idle();
    expect(written).toEqual(['x']);
  });
});
