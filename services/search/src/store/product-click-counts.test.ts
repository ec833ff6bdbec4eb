import { openPlannedStore, type PlannedStore } from '@pc/sqlite-document-store/testing/query-plans';
import type { ClickDayCount } from '../domain/click-record.js';
import { ProductClickCounts } from './product-click-counts.js';

let planned: PlannedStore;
let counts: ProductClickCounts;

beforeAll(async () => {
  planned = await openPlannedStore();
  counts = await ProductClickCounts.open(planned.store);
});

afterAll(async () => {
  await planned.close();
});

const count = (day: string, productId: string, n: number, country = 'CH'): ClickDayCount => ({
  day,
  country,
  productId,
  count: n,
});

describe('ProductClickCounts', () => {
  it('sets counts, never lowering one, ranks a window and prunes old days through its indexes', async () => {
    await counts.set([
      count('2026-11-01', 'kettle', 9),
      count('2026-11-27', 'kettle', 1),
      count('2026-11-27', 'toaster', 2),
      count('2026-11-28', 'kettle', 1),
      count('2026-11-28', 'kettle', 3), // a later click of the same batch: the higher count
      count('2026-11-28', 'mower', 4),
      count('2026-11-28', 'mower', 7, 'DE'),
    ]);
    // Set again, as a redelivery does, or lower, as an older read of another replica: unchanged.
    await counts.set([count('2026-11-28', 'kettle', 3), count('2026-11-28', 'mower', 2)]);
    const from = planned.finds.length;
    expect(await counts.top('CH', ['2026-11-28', '2026-11-27'], 10)).toEqual([
      { productId: 'kettle', count: 4 },
      { productId: 'mower', count: 4 },
      { productId: 'toaster', count: 2 },
    ]);
    expect(await counts.top('CH', ['2026-11-28', '2026-11-27'], 1)).toEqual([{ productId: 'kettle', count: 4 }]);
    expect(await counts.top('DE', ['2026-11-28'], 10)).toEqual([{ productId: 'mower', count: 7 }]);
    expect(await counts.pruneBefore('2026-11-27', 10)).toBe(1);
    expect(await counts.pruneBefore('2026-11-28', 1)).toBe(1);
    expect(await counts.pruneBefore('2026-11-28', 10)).toBe(1);
    expect(await counts.pruneBefore('2026-11-28', 10)).toBe(0);
    expect(await counts.top('CH', ['2026-11-01', '2026-11-27'], 10)).toEqual([]);
    expect(await counts.top('CH', ['2026-11-28'], 10)).toEqual([
      { productId: 'mower', count: 4 },
      { productId: 'kettle', count: 3 },
    ]);
    for (const find of planned.finds.slice(from)) {
      const plan = planned.planOf(find);
      expect(plan).toMatch(/^SEARCH t USING (COVERING )?INDEX cx_product_click_days/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });
});
