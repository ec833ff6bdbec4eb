import { openPlannedStore, type PlannedStore } from '@pc/sqlite-document-store/testing/query-plans';
import type { EntityClickCount, EntityDay } from '../domain/entity-popularity.js';
import { EntityClickCounts } from './entity-click-counts.js';

let planned: PlannedStore;
let counts: EntityClickCounts;

beforeEach(async () => {
  planned = await openPlannedStore();
  counts = await EntityClickCounts.open(planned.store);
});

afterEach(async () => {
  await planned.close();
});

const part = (day: string, entity: string, productId: string, count: number): EntityClickCount => ({
  day,
  entity,
  productId,
  count,
});

async function allChanged(since: number, pageSize: number): Promise<EntityDay[][]> {
  const pages: EntityDay[][] = [];
  for await (const page of counts.changedSince(since, pageSize)) pages.push(page);
  return pages;
}

describe('EntityClickCounts', () => {
  it('sets parts, never lowering one, sums a day into its total and a window of totals', async () => {
    expect(
      await counts.setParts(
        [
          part('2026-11-27', 'brand:zest', 'kettle', 1),
          part('2026-11-28', 'brand:zest', 'kettle', 1),
          part('2026-11-28', 'brand:zest', 'kettle', 2), // a later click of the same batch: the higher count
          part('2026-11-28', 'brand:zest', 'toaster', 3),
          part('2026-11-28', 'category:home', 'kettle', 2),
        ],
        1_000,
      ),
    ).toEqual([
      { entity: 'brand:zest', day: '2026-11-27' },
      { entity: 'brand:zest', day: '2026-11-28' },
      { entity: 'category:home', day: '2026-11-28' },
    ]);
    // Set again, as a redelivery does, or lower, as an older read of another replica: nothing raised.
    expect(
      await counts.setParts(
        [part('2026-11-28', 'brand:zest', 'kettle', 2), part('2026-11-28', 'brand:zest', 'toaster', 1)],
        2_000,
      ),
    ).toEqual([]);
    expect(await counts.sumDay({ entity: 'brand:zest', day: '2026-11-28' })).toBe(5);
    expect(await counts.sumDay({ entity: 'brand:zest', day: '2026-11-27' })).toBe(1);
    expect(await counts.sumDay({ entity: 'category:home', day: '2026-11-28' })).toBe(2);
    expect(await counts.windowOf(['brand:zest', 'category:home', 'shop:none'], '2026-11-27')).toEqual(
      new Map([
        ['brand:zest', 6],
        ['category:home', 2],
      ]),
    );
    expect(await counts.windowOf(['brand:zest'], '2026-11-28')).toEqual(new Map([['brand:zest', 5]]));
  });

  it('pages through the days whose parts rose since a time, parts raised together across pages too', async () => {
    await counts.setParts(
      [
        part('2026-11-28', 'brand:a', 'p1', 1),
        part('2026-11-28', 'brand:b', 'p1', 1),
        part('2026-11-28', 'brand:c', 'p1', 1),
      ],
      1_000,
    );
    await counts.setParts([part('2026-11-28', 'brand:d', 'p1', 1)], 2_000);
    await counts.setParts([part('2026-11-28', 'brand:a', 'p1', 2)], 3_000);
    const entities = (pages: EntityDay[][]) => pages.map((page) => page.map((day) => day.entity));
    expect(entities(await allChanged(0, 2))).toEqual([
      ['brand:b', 'brand:c'],
      ['brand:d', 'brand:a'],
    ]);
    expect(entities(await allChanged(1_000, 1))).toEqual([['brand:b'], ['brand:c'], ['brand:d'], ['brand:a']]);
    expect(entities(await allChanged(2_000, 10))).toEqual([['brand:d', 'brand:a']]);
    expect(await allChanged(3_001, 10)).toEqual([]);
  });

  it('hands out and deletes the totals and parts of days before a day, and keeps when it last swept', async () => {
    await counts.setParts(
      [
        part('2026-10-01', 'brand:a', 'p1', 1),
        part('2026-10-02', 'brand:b', 'p1', 1),
        part('2026-11-01', 'brand:a', 'p1', 1),
      ],
      1_000,
    );
    for (const [entity, day] of [
      ['brand:a', '2026-10-01'],
      ['brand:b', '2026-10-02'],
      ['brand:a', '2026-11-01'],
    ] as const)
      await counts.sumDay({ entity, day });
    const old = await counts.totalsBefore('2026-11-01', 10);
    expect(old).toEqual([
      { entity: 'brand:a', day: '2026-10-01' },
      { entity: 'brand:b', day: '2026-10-02' },
    ]);
    await counts.deleteTotals(old);
    expect(await counts.totalsBefore('2026-11-01', 10)).toEqual([]);
    expect(await counts.prunePartsBefore('2026-11-01', 1)).toBe(1);
    expect(await counts.prunePartsBefore('2026-11-01', 10)).toBe(1);
    expect(await counts.prunePartsBefore('2026-11-01', 10)).toBe(0);
    expect(await counts.windowOf(['brand:a', 'brand:b'], '2026-01-01')).toEqual(new Map([['brand:a', 1]]));

    expect(await counts.sweptThrough()).toBeNull();
    await counts.markSwept(5_000);
    await counts.markSwept(4_000); // another replica's older sweep
    expect(await counts.sweptThrough()).toBe(5_000);
  });

  it('reads through its indexes only', async () => {
    await counts.setParts([part('2026-11-28', 'brand:a', 'p1', 1)], 1_000);
    await counts.sumDay({ entity: 'brand:a', day: '2026-11-28' });
    await counts.windowOf(['brand:a', 'brand:b'], '2026-11-01');
    await allChanged(0, 10);
    await counts.totalsBefore('2026-11-01', 10);
    await counts.prunePartsBefore('2026-11-01', 10);
    expect(planned.finds.length).toBeGreaterThanOrEqual(5);
    for (const find of planned.finds) {
      const plan = planned.planOf(find);
      expect(plan).toMatch(/^SEARCH t USING (COVERING )?INDEX cx_entity_click_(days|totals)/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });
});
