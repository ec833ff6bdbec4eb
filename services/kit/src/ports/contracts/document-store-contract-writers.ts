import type { Document } from '../document-store.js';
import type { ContractHarness } from './document-store-contract-harness.js';

interface Note extends Document {
  readonly text: string;
}

export function describeOthersWriteToken(h: ContractHarness): void {
  it('othersWriteToken moves when another instance writes, not when this one does (or is always null)', async () => {
    const name = h.uniqueName('writers');
    const mine = await h.open();
    const other = await h.open();
    const own = await mine.collection<Note>({ name });
    const theirs = await other.collection<Note>({ name });
    await own.put({ _id: 'a', text: 'first' });

    const before = await mine.othersWriteToken();
    if (before === null) {
      // An engine that cannot tell must say so every time: a caller then always reads again.
      await theirs.put({ _id: 'b', text: 'theirs' });
      expect(await mine.othersWriteToken()).toBeNull();
      return;
    }
    await own.put({ _id: 'c', text: 'mine' });
    await own.update('a', (current) => (current ? { ...current, text: 'again' } : null));
    await own.bulkPut([{ _id: 'd', text: 'mine too' }]);
    await own.delete('d');
    expect(await mine.othersWriteToken()).toBe(before);

    await theirs.put({ _id: 'b', text: 'theirs' });
    const after = await mine.othersWriteToken();
    expect(after).not.toBe(before);
    await own.put({ _id: 'e', text: 'mine again' });
    expect(await mine.othersWriteToken()).toBe(after);
  });
}
