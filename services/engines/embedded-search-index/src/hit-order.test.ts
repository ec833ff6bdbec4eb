import { planSchema, type ValueField } from '@pc/kit/ports/support/search/schema-plan';
import type { SortPlan } from '@pc/kit/ports/support/search/request-validation';
import { DocValues } from './doc-values.js';
import { orderHits } from './hit-order.js';
import { MatchNumbers } from './match-numbers.js';
import { ScratchArrays } from './scratch-arrays.js';

const plan = planSchema({
  name: 'order',
  fields: { price: { type: 'number' }, rating: { type: 'number' }, tags: { type: 'keyword' } },
});
const field = (name: string): ValueField => plan.valueFieldsByName.get(name) as ValueField;

/** 600 documents with many equal and missing values, so ties fall at every page's end. */
function documents(): {
  values: DocValues;
  docs: { id: string; price: number | null; rating: number | null; tags: string[] }[];
} {
  const values = new DocValues(plan);
  const docs = Array.from({ length: 600 }, (_, rowid) => ({
    id: `p${String((rowid * 7919) % 600).padStart(3, '0')}`,
    price: rowid % 7 === 0 ? null : ((rowid * 31) % 40) * 100,
    rating: rowid % 3 === 0 ? null : (rowid % 5) + 1,
    tags: rowid % 11 === 0 ? [] : [`t${rowid % 4}`, `t${(rowid * 3) % 9}`],
  }));
  docs.forEach((doc, rowid) =>
    values.set(rowid, doc.id, [doc.price, doc.rating, doc.tags.length === 0 ? null : doc.tags]),
  );
  return { values, docs };
}

/** The documented order, by a full sort: missing last both ways; a keyword list by its min (asc) or max (desc); id breaks ties. */
function reference(
  docs: ReturnType<typeof documents>['docs'],
  rows: number[],
  sort: { name: 'price' | 'rating' | 'tags'; descending: boolean }[],
): string[] {
  const key = (rowid: number, name: 'price' | 'rating' | 'tags', descending: boolean): number | string | null => {
    const doc = docs[rowid]!;
    if (name !== 'tags') return doc[name];
    if (doc.tags.length === 0) return null;
    const sorted = [...doc.tags].sort();
    return descending ? sorted[sorted.length - 1]! : sorted[0]!;
  };
  return [...rows]
    .sort((a, b) => {
      for (const { name, descending } of sort) {
        const x = key(a, name, descending);
        const y = key(b, name, descending);
        if (x === y) continue;
        if (x === null || y === null) return x === null ? 1 : -1;
        return (x < y ? -1 : 1) * (descending ? -1 : 1);
      }
      return docs[a]!.id < docs[b]!.id ? -1 : 1;
    })
    .map((rowid) => docs[rowid]!.id);
}

describe('orderHits', () => {
  it('gives the first k of a full sort for every sort, page size and match set, ties at the cut included', () => {
    const { values, docs } = documents();
    const sorts: { name: 'price' | 'rating' | 'tags'; descending: boolean }[][] = [
      [{ name: 'price', descending: false }],
      [{ name: 'price', descending: true }],
      [{ name: 'rating', descending: true }],
      [
        { name: 'rating', descending: true },
        { name: 'price', descending: false },
      ],
      [{ name: 'tags', descending: false }],
      [{ name: 'tags', descending: true }],
    ];
    const matchSets = [
      Array.from({ length: 600 }, (_, rowid) => rowid),
      Array.from({ length: 200 }, (_, i) => i * 3 + 1),
    ];
    for (const rows of matchSets) {
      for (const sort of sorts) {
        const plans: SortPlan[] = sort.map(({ name, descending }) => ({ field: field(name), descending }));
        const expected = reference(docs, rows, sort);
        for (const k of [1, 5, 20, 45, 120]) {
          const order = orderHits(
            plans,
            new MatchNumbers(values, Int32Array.from(rows), new ScratchArrays()),
            values,
            k,
          ).map((i) => values.idOf(rows[i]!));
          expect({ sort, k, order }).toEqual({ sort, k, order: expected.slice(0, k) });
        }
      }
    }
  });
});
