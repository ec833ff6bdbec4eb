import { openPlannedStore, type PlannedStore } from '@pc/sqlite-document-store/testing/query-plans';
import { QueryCounts, type QueryCountKey } from './query-counts.js';

let planned: PlannedStore;
let counts: QueryCounts;

beforeAll(async () => {
  planned = await openPlannedStore();
  counts = await QueryCounts.open(planned.store);
});

afterAll(async () => {
  await planned.close();
});

const key = (day: string, query: string): QueryCountKey => ({ day, country: 'CH', language: 'de', query });

describe('QueryCounts', () => {
  it('ranks a window and prunes old days through its indexes, never reading every count', async () => {
    const increments = new Map(
      [
        key('2026-11-01', 'tv'),
        key('2026-11-01', 'laptop'),
        key('2026-11-27', 'tv'),
        key('2026-11-28', 'tv'),
        key('2026-11-28', 'phone'),
      ].map((k, i) => [`${k.day}|${k.query}`, { key: k, n: i + 1 }]),
    );
    await counts.add(increments);
    const from = planned.finds.length;
    expect(await counts.top('CH', 'de', ['2026-11-27', '2026-11-28'], 10)).toEqual([
      { query: 'tv', count: 7 },
      { query: 'phone', count: 5 },
    ]);
    expect(await counts.pruneBefore('2026-11-27', 1)).toBe(1);
    expect(await counts.pruneBefore('2026-11-27', 10)).toBe(1);
    expect(await counts.pruneBefore('2026-11-27', 10)).toBe(0);
    expect(await counts.top('CH', 'de', ['2026-11-01'], 10)).toEqual([]);
    for (const find of planned.finds.slice(from)) {
      const plan = planned.planOf(find);
      expect(plan).toMatch(/^SEARCH t USING (COVERING )?INDEX cx_query_counts/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });
});
