import { ConflictError, InvalidArgumentError } from '../../errors/domain-errors.js';
import type { Document } from '../document-store.js';
import { idsOf, type ContractHarness } from './document-store-contract-harness.js';

interface Note extends Document {
  readonly text: string;
  readonly n?: number;
  readonly extra?: string;
}

export function describeDocuments(h: ContractHarness): void {
  const notes = async () => (await h.open()).collection<Note>({ name: h.uniqueName('docs') });

  it('returns a document exactly as it was put: nested objects, arrays, unicode, numbers', async () => {
    const col = await (await h.open()).collection<Document & Record<string, unknown>>({ name: h.uniqueName('rt') });
    const doc = {
      _id: 'shop/42:Käse 🧀',
      title: 'Grüße — 日本語 — 🧀 — e\u0301 — "quoted" \\ back\nslash',
      nested: { a: { b: { c: [1, { d: 'deep' }, [2, 3]] } }, empty: {} },
      list: [],
      numbers: { int: 42, negative: -7, float: 0.1 + 0.2, maxSafe: Number.MAX_SAFE_INTEGER, tiny: 5e-324, zero: 0 },
      flags: [true, false, null],
      text: '',
    };
    const stored = await col.put(doc);
    expect(stored).toEqual({ ...doc, _version: 1 });
    expect(await col.get(doc._id)).toEqual({ ...doc, _version: 1 });
  });

  it('stores a document that has nothing but its _id', async () => {
    const col = await (await h.open()).collection<Document>({ name: h.uniqueName('bare') });
    expect(await col.put({ _id: 'bare' })).toEqual({ _id: 'bare', _version: 1 });
    expect(await col.get('bare')).toEqual({ _id: 'bare', _version: 1 });
  });

  it('resolves get of a missing id to null', async () => {
    const col = await notes();
    await col.put({ _id: 'a', text: 'x' });
    expect(await col.get('missing')).toBeNull();
  });

  it('getMany returns the found documents in the order asked, leaving out missing ids', async () => {
    const col = await notes();
    for (const id of ['a', 'b', 'c']) await col.put({ _id: id, text: id });
    expect(idsOf(await col.getMany(['c', 'missing', 'a']))).toEqual(['c', 'a']);
    expect(await col.getMany(['nope'])).toEqual([]);
    expect(await col.getMany([])).toEqual([]);
  });

  it('replaces the whole document on every put and increases the version by one', async () => {
    const col = await notes();
    expect((await col.put({ _id: 'a', text: 'one', extra: 'gone later' }))._version).toBe(1);
    expect((await col.put({ _id: 'a', text: 'two' }))._version).toBe(2);
    expect((await col.put({ _id: 'a', text: 'three' }))._version).toBe(3);
    expect(await col.get('a')).toEqual({ _id: 'a', text: 'three', _version: 3 });
  });

  it('ignores a _version carried by the document put: the store counts versions', async () => {
    const col = await notes();
    const first = await col.put({ _id: 'a', text: 'one' });
    const second = await col.put({ ...first, _version: 41, text: 'two' } as Note);
    expect(second._version).toBe(2);
    expect(await col.get('a')).toEqual({ _id: 'a', text: 'two', _version: 2 });
  });

  it('put with expectedVersion 0 creates a missing document and refuses an existing one', async () => {
    const col = await notes();
    expect((await col.put({ _id: 'a', text: 'first' }, { expectedVersion: 0 }))._version).toBe(1);
    await expect(col.put({ _id: 'a', text: 'second' }, { expectedVersion: 0 })).rejects.toBeInstanceOf(ConflictError);
    expect(await col.get('a')).toEqual({ _id: 'a', text: 'first', _version: 1 });
  });

  it('put with a stale expectedVersion fails with ConflictError and changes nothing', async () => {
    const col = await notes();
    await col.put({ _id: 'a', text: 'one' });
    await col.put({ _id: 'a', text: 'two' });
    await expect(col.put({ _id: 'a', text: 'lost' }, { expectedVersion: 1 })).rejects.toBeInstanceOf(ConflictError);
    await expect(col.put({ _id: 'new', text: 'x' }, { expectedVersion: 3 })).rejects.toBeInstanceOf(ConflictError);
    expect(await col.get('a')).toEqual({ _id: 'a', text: 'two', _version: 2 });
    expect(await col.get('new')).toBeNull();
    expect((await col.put({ _id: 'a', text: 'three' }, { expectedVersion: 2 }))._version).toBe(3);
  });

  it('delete removes a document and tells whether there was one', async () => {
    const col = await notes();
    await col.put({ _id: 'a', text: 'x' });
    expect(await col.delete('a')).toBe(true);
    expect(await col.get('a')).toBeNull();
    expect(await col.delete('a')).toBe(false);
    expect(await col.count()).toBe(0);
  });

  it('delete with expectedVersion deletes only that version', async () => {
    const col = await notes();
    await col.put({ _id: 'a', text: 'one' });
    await col.put({ _id: 'a', text: 'two' });
    await expect(col.delete('a', { expectedVersion: 1 })).rejects.toBeInstanceOf(ConflictError);
    expect((await col.get('a'))?._version).toBe(2);
    expect(await col.delete('a', { expectedVersion: 2 })).toBe(true);
    expect(await col.get('a')).toBeNull();
  });

  it('delete of a missing document: expectedVersion 0 resolves false, any other version conflicts', async () => {
    const col = await notes();
    expect(await col.delete('gone', { expectedVersion: 0 })).toBe(false);
    await expect(col.delete('gone', { expectedVersion: 4 })).rejects.toBeInstanceOf(ConflictError);
  });

  it('starts a recreated document again at version 1', async () => {
    const col = await notes();
    await col.put({ _id: 'a', text: 'one' });
    await col.put({ _id: 'a', text: 'two' });
    await col.delete('a');
    expect((await col.put({ _id: 'a', text: 'again' }, { expectedVersion: 0 }))._version).toBe(1);
  });

  it('rejects a document without a non-empty string _id with InvalidArgumentError', async () => {
    const col = await notes();
    await expect(col.put({ text: 'no id' } as unknown as Note)).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(col.put({ _id: '', text: 'empty id' })).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(col.put({ _id: 7, text: 'number id' } as unknown as Note)).rejects.toBeInstanceOf(
      InvalidArgumentError,
    );
    expect(await col.count()).toBe(0);
  });

  it('keeps collections apart', async () => {
    const store = await h.open();
    const left = await store.collection<Note>({ name: h.uniqueName('left') });
    const right = await store.collection<Note>({ name: h.uniqueName('right') });
    await left.put({ _id: 'a', text: 'left' });
    expect(await right.get('a')).toBeNull();
    expect(await right.count()).toBe(0);
  });
}
