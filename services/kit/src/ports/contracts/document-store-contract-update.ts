import { ConflictError } from '../../errors/domain-errors.js';
import type { Document } from '../document-store.js';
import type { ContractHarness } from './document-store-contract-harness.js';

interface Counter extends Document {
  readonly count: number;
  readonly by?: string;
}

export function describeUpdate(h: ContractHarness): void {
  it('creates a missing document from null', async () => {
    const col = await (await h.open()).collection<Counter>({ name: h.uniqueName('upd') });
    const seen: unknown[] = [];
    const created = await col.update('c', (current) => {
      seen.push(current);
      return { _id: 'c', count: 1 };
    });
    expect(seen).toEqual([null]);
    expect(created).toEqual({ _id: 'c', count: 1, _version: 1 });
  });

  it('hands over the current document and stores the result as the next version', async () => {
    const col = await (await h.open()).collection<Counter>({ name: h.uniqueName('upd') });
    await col.put({ _id: 'c', count: 5, by: 'put' });
    const updated = await col.update('c', (current) => ({ _id: 'c', count: (current?.count ?? 0) + 1 }));
    expect(updated).toEqual({ _id: 'c', count: 6, _version: 2 });
    expect(await col.get('c')).toEqual({ _id: 'c', count: 6, _version: 2 });
  });

  it('writes nothing when the change returns null and resolves to the current document', async () => {
    const col = await (await h.open()).collection<Counter>({ name: h.uniqueName('upd') });
    await col.put({ _id: 'c', count: 5 });
    expect(await col.update('c', () => null)).toEqual({ _id: 'c', count: 5, _version: 1 });
    expect(await col.update('missing', () => null)).toBeNull();
    expect(await col.get('missing')).toBeNull();
    expect((await col.get('c'))?._version).toBe(1);
  });

  it('rejects with the error a change throws and writes nothing', async () => {
    const col = await (await h.open()).collection<Counter>({ name: h.uniqueName('upd') });
    await col.put({ _id: 'c', count: 5 });
    const refusal = new Error('not allowed');
    await expect(
      col.update('c', () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await col.get('c')).toEqual({ _id: 'c', count: 5, _version: 1 });
  });

  it('applies every one of 20 concurrent increments made through two store instances', async () => {
    const name = h.uniqueName('race');
    const [a, b] = await Promise.all([h.open(), h.open()]);
    const cols = [await a.collection<Counter>({ name }), await b.collection<Counter>({ name })];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        cols[i % 2]!.update('c', (current) => ({ _id: 'c', count: (current?.count ?? 0) + 1, by: `writer ${i}` })),
      ),
    );
    const final = await cols[0]!.get('c');
    expect(final?.count).toBe(20);
    expect(final?._version).toBe(20);
  });

  it('lets exactly one of several concurrent puts with the same expectedVersion win', async () => {
    const name = h.uniqueName('race');
    const [a, b] = await Promise.all([h.open(), h.open()]);
    const cols = [await a.collection<Counter>({ name }), await b.collection<Counter>({ name })];
    await cols[0]!.put({ _id: 'c', count: 0 });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => cols[i % 2]!.put({ _id: 'c', count: i + 1 }, { expectedVersion: 1 })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(5);
    for (const reason of lost) expect(reason).toBeInstanceOf(ConflictError);
    expect((await cols[1]!.get('c'))?._version).toBe(2);
  });
}
