import { AlreadyExistsError, ConflictError, InvalidArgumentError } from '../../errors/domain-errors.js';
import type { CollectionSpec, Document } from '../document-store.js';
import type { ContractHarness } from './document-store-contract-harness.js';

interface Staged extends Document {
  readonly name: string;
  readonly pending: boolean;
  readonly staged?: readonly { readonly id: string; readonly body: string }[];
  readonly extra?: Readonly<Record<string, number>>;
}

const entries = (...ids: string[]) => ids.map((id) => ({ id, body: `event ${id} `.repeat(20) }));

/** Side fields (CollectionSpec.sideFields) read and write like any field, and are refused in queries. */
export function describeSideFields(h: ContractHarness): void {
  const spec = (): CollectionSpec => ({
    name: h.uniqueName('side'),
    indexes: [{ fields: ['pending'] }],
    sideFields: ['staged', 'extra'],
  });

  it('reads back side fields as written, through every read, whether they hold something or not', async () => {
    const col = await (await h.open()).collection<Staged>(spec());
    await col.put({ _id: 'a', name: 'A', pending: true, staged: entries('1', '2'), extra: { n: 1 } });
    await col.put({ _id: 'b', name: 'B', pending: false, staged: [] });
    await col.put({ _id: 'c', name: 'C', pending: false });
    const a = { _id: 'a', name: 'A', pending: true, staged: entries('1', '2'), extra: { n: 1 }, _version: 1 };
    const b = { _id: 'b', name: 'B', pending: false, staged: [], _version: 1 };
    const c = { _id: 'c', name: 'C', pending: false, _version: 1 };
    expect(await col.get('a')).toEqual(a);
    expect(await col.getMany(['c', 'a', 'b'])).toEqual([c, a, b]);
    expect(await col.find({ pending: true })).toEqual([a]);
    expect(await col.find({}, { sort: { name: -1 } })).toEqual([c, b, a]);
  });

  it('replaces and clears side fields with the document, under its version', async () => {
    const col = await (await h.open()).collection<Staged>(spec());
    const first = await col.put({ _id: 'a', name: 'A', pending: true, staged: entries('1') });
    expect(first.staged).toEqual(entries('1'));
    const second = await col.put({ ...first, staged: entries('1', '2') }, { expectedVersion: 1 });
    expect((await col.get('a'))?.staged).toEqual(entries('1', '2'));
    await col.put({ ...second, pending: false, staged: [] }, { expectedVersion: 2 });
    expect(await col.get('a')).toEqual({ _id: 'a', name: 'A', pending: false, staged: [], _version: 3 });
    await col.put({ _id: 'a', name: 'A', pending: false });
    expect(await col.get('a')).toEqual({ _id: 'a', name: 'A', pending: false, _version: 4 });
  });

  it('hands update the side fields and stores what it returns', async () => {
    const col = await (await h.open()).collection<Staged>(spec());
    await col.put({ _id: 'a', name: 'A', pending: true, staged: entries('1', '2') });
    const seen: unknown[] = [];
    const updated = await col.update('a', (current) => {
      seen.push(current?.staged);
      return current && { ...current, staged: current.staged?.filter((entry) => entry.id !== '1') };
    });
    expect(seen[0]).toEqual(entries('1', '2'));
    expect(updated?.staged).toEqual(entries('2'));
    expect((await col.get('a'))?.staged).toEqual(entries('2'));
  });

  it('counts a side field change as a change in bulkPut, and an equal one as unchanged', async () => {
    const col = await (await h.open()).collection<Staged>(spec());
    await col.bulkPut([
      { _id: 'a', name: 'A', pending: true, staged: entries('1') },
      { _id: 'b', name: 'B', pending: false, staged: [] },
    ]);
    const result = await col.bulkPut([
      { _id: 'a', name: 'A', pending: true, staged: entries('1') },
      { _id: 'b', name: 'B', pending: false, staged: entries('9') },
    ]);
    expect(result).toEqual({ inserted: 0, updated: 1, unchanged: 1 });
    expect(await col.bulkPut([{ _id: 'a', name: 'A', pending: true, staged: entries('2') }])).toEqual({
      inserted: 0,
      updated: 1,
      unchanged: 0,
    });
    expect(await col.bulkPut([{ _id: 'a', name: 'A', pending: true, staged: [] }])).toEqual({
      inserted: 0,
      updated: 1,
      unchanged: 0,
    });
    // Without the field at all: only the side field tells the stored document apart.
    expect(await col.bulkPut([{ _id: 'b', name: 'B', pending: false }])).toEqual({
      inserted: 0,
      updated: 1,
      unchanged: 0,
    });
    expect((await col.getMany(['a', 'b'])).map((doc) => [doc._version, doc.staged])).toEqual([
      [3, []],
      [3, undefined],
    ]);
  });

  it('deletes the side fields with the document: a new document of the same id starts without them', async () => {
    const col = await (await h.open()).collection<Staged>(spec());
    await col.put({ _id: 'a', name: 'A', pending: true, staged: entries('1') });
    expect(await col.delete('a')).toBe(true);
    await col.put({ _id: 'a', name: 'A again', pending: false });
    expect(await col.get('a')).toEqual({ _id: 'a', name: 'A again', pending: false, _version: 1 });
  });

  it('leaves the side fields as they were when a write is refused', async () => {
    const col = await (
      await h.open()
    ).collection<Staged>({
      name: h.uniqueName('side'),
      indexes: [{ fields: ['name'], unique: true }],
      sideFields: ['staged'],
    });
    await col.put({ _id: 'a', name: 'A', pending: true, staged: entries('1') });
    await col.put({ _id: 'b', name: 'B', pending: true, staged: entries('2') });
    await expect(col.put({ _id: 'b', name: 'A', pending: true, staged: entries('3') })).rejects.toBeInstanceOf(
      AlreadyExistsError,
    );
    await expect(
      col.put({ _id: 'b', name: 'B', pending: false, staged: [] }, { expectedVersion: 7 }),
    ).rejects.toBeInstanceOf(ConflictError);
    await expect(
      col.update('b', (current) => current && { ...current, name: 'A', staged: entries('4') }),
    ).rejects.toBeInstanceOf(AlreadyExistsError);
    expect(await col.getMany(['a', 'b'])).toEqual([
      { _id: 'a', name: 'A', pending: true, staged: entries('1'), _version: 1 },
      { _id: 'b', name: 'B', pending: true, staged: entries('2'), _version: 1 },
    ]);
  });

  it('keeps side fields across a reopened store', async () => {
    const s = spec();
    const first = await h.open();
    await (await first.collection<Staged>(s)).put({ _id: 'a', name: 'A', pending: true, staged: entries('1') });
    await h.close(first);
    const again = await (await h.open()).collection<Staged>(s);
    expect((await again.get('a'))?.staged).toEqual(entries('1'));
  });

  it('refuses filters and sorts on side fields, and side fields in indexes, with InvalidArgumentError', async () => {
    const store = await h.open();
    const col = await store.collection<Staged>(spec());
    await expect(col.find({ staged: null })).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(col.find({ 'extra.n': 1 })).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(col.findIds({}, { sort: { staged: 1 } })).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(col.count({ staged: { $exists: true } })).rejects.toBeInstanceOf(InvalidArgumentError);
    const indexed = { name: h.uniqueName('side'), indexes: [{ fields: ['staged'] }], sideFields: ['staged'] };
    await expect(store.collection(indexed)).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(store.collection({ name: h.uniqueName('side'), sideFields: ['a.b'] })).rejects.toBeInstanceOf(
      InvalidArgumentError,
    );
    await expect(store.collection({ name: h.uniqueName('side'), sideFields: ['_id'] })).rejects.toBeInstanceOf(
      InvalidArgumentError,
    );
  });
}
