import { ParsedDocuments } from './parsed-documents.js';

describe('ParsedDocuments', () => {
  it('parses a row once, keeps a bounded number, and reads a forgotten row again', () => {
    const stored = new Map([
      [1, '{"id":"a","tags":["x"]}'],
      [2, '{"id":"b"}'],
      [3, '{"id":"c"}'],
    ]);
    const reads: number[] = [];
    const read = (rowid: number) => {
      reads.push(rowid);
      return stored.get(rowid);
    };
    const documents = new ParsedDocuments(2);

    const a = documents.get(1, read);
    expect(a).toEqual({ id: 'a', tags: ['x'] });
    expect(documents.get(1, read)).toBe(a);
    expect(Object.isFrozen((a as { tags: string[] }).tags)).toBe(true);
    expect(reads).toEqual([1]);

    stored.set(1, '{"id":"a2"}');
    documents.forget(1);
    expect(documents.get(1, read)).toEqual({ id: 'a2' });

    documents.get(2, read);
    documents.get(3, read); // the third: the oldest kept (row 1) makes room
    documents.get(1, read);
    expect(reads).toEqual([1, 1, 2, 3, 1]);
    expect(documents.get(4, read)).toBeUndefined();
  });
});
