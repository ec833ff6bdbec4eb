import { AlreadyExistsError, InvalidArgumentError } from '../../errors/domain-errors.js';
import type { CollectionSpec, Document } from '../document-store.js';
import { idsOf, type ContractHarness } from './document-store-contract-harness.js';

interface Account extends Document {
  readonly email: string;
  readonly tenant?: string;
  readonly handle?: string;
}

const accounts = (name: string): CollectionSpec => ({
  name,
  indexes: [
    { fields: ['email'], unique: true },
    { fields: ['tenant', 'handle'], unique: true },
    { fields: ['tenant'] },
  ],
});

// MongoDB indexes a missing field as null, so two documents that both lack a field of a unique
// index collide on it; SQLite (and FerretDB's SQLite backend) let both in. Which one an adapter
// does is not part of the contract: the documents here hold every field of the unique indexes
// of their collection, or the collection has only the unique index the test is about.
const emails = (name: string): CollectionSpec => ({ name, indexes: [{ fields: ['email'], unique: true }] });

export function describeIndexes(h: ContractHarness): void {
  it('rejects a second document with a unique value with AlreadyExistsError and keeps the first', async () => {
    const col = await (await h.open()).collection<Account>(emails(h.uniqueName('uniq')));
    await col.put({ _id: 'a', email: 'x@example.com' });
    await expect(col.put({ _id: 'b', email: 'x@example.com' })).rejects.toBeInstanceOf(AlreadyExistsError);
    expect(await col.get('b')).toBeNull();
    expect(await col.get('a')).toEqual({ _id: 'a', email: 'x@example.com', _version: 1 });
  });

  it('lets the owner of a unique value be rewritten, and frees the value once it changes', async () => {
    const col = await (await h.open()).collection<Account>(emails(h.uniqueName('uniq')));
    await col.put({ _id: 'a', email: 'x@example.com' });
    expect((await col.put({ _id: 'a', email: 'x@example.com', handle: 'new' }))._version).toBe(2);
    await col.put({ _id: 'a', email: 'y@example.com' });
    expect((await col.put({ _id: 'b', email: 'x@example.com' }))._version).toBe(1);
  });

  it('enforces a compound unique index on the pair, not on each field', async () => {
    const col = await (await h.open()).collection<Account>(accounts(h.uniqueName('uniq')));
    await col.put({ _id: 'a', email: 'a@x', tenant: 't1', handle: 'sam' });
    await col.put({ _id: 'b', email: 'b@x', tenant: 't2', handle: 'sam' });
    await col.put({ _id: 'c', email: 'c@x', tenant: 't1', handle: 'kim' });
    await expect(col.put({ _id: 'd', email: 'd@x', tenant: 't1', handle: 'sam' })).rejects.toBeInstanceOf(
      AlreadyExistsError,
    );
    expect(idsOf(await col.find({ tenant: 't1' }))).toEqual(['a', 'c']);
  });

  it('rejects bulkPut and update that would break a unique index with AlreadyExistsError', async () => {
    const col = await (await h.open()).collection<Account>(emails(h.uniqueName('uniq')));
    await col.put({ _id: 'a', email: 'x@example.com' });
    await expect(col.bulkPut([{ _id: 'b', email: 'x@example.com' }])).rejects.toBeInstanceOf(AlreadyExistsError);
    await col.put({ _id: 'c', email: 'c@example.com' });
    await expect(
      col.update('c', (current) => current && { ...current, email: 'x@example.com' }),
    ).rejects.toBeInstanceOf(AlreadyExistsError);
    expect((await col.get('c'))?.email).toBe('c@example.com');
  });

  it('rejects bad collection names and index fields with InvalidArgumentError', async () => {
    const store = await h.open();
    await expect(store.collection({ name: 'bad name; DROP' })).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(
      store.collection({ name: h.uniqueName('idx'), indexes: [{ fields: ["email') --"] }] }),
    ).rejects.toBeInstanceOf(InvalidArgumentError);
  });

  it('keeps documents, versions and indexes when the store is closed and opened again', async () => {
    const name = h.uniqueName('reopen');
    const first = await h.open();
    const before = await first.collection<Account>(accounts(name));
    await before.bulkPut([
      { _id: 'a', email: 'a@x', tenant: 't1', handle: 'ann' },
      { _id: 'b', email: 'b@x', tenant: 't1', handle: 'bob' },
    ]);
    await before.put({ _id: 'a', email: 'a@x', tenant: 't2', handle: 'ann' });
    await h.close(first);

    const after = await (await h.open()).collection<Account>(accounts(name));
    expect(await after.get('a')).toEqual({ _id: 'a', email: 'a@x', tenant: 't2', handle: 'ann', _version: 2 });
    expect(idsOf(await after.find({ tenant: 't1' }))).toEqual(['b']);
    await expect(after.put({ _id: 'c', email: 'b@x', tenant: 't3', handle: 'cy' })).rejects.toBeInstanceOf(
      AlreadyExistsError,
    );
    await expect(after.put({ _id: 'c', email: 'c@x', tenant: 't1', handle: 'bob' })).rejects.toBeInstanceOf(
      AlreadyExistsError,
    );
    expect((await after.put({ _id: 'b', email: 'b@x', tenant: 't1', handle: 'bob' }))._version).toBe(2);
  });

  it('reports ready while open', async () => {
    expect(await (await h.open()).isReady()).toBe(true);
  });
}
