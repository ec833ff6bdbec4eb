import { pino } from 'pino';
import { openPlannedStore, type PlannedStore } from '@pc/sqlite-document-store/testing/query-plans';
import type { EntityClickCount, EntityKey } from '../domain/entity-popularity.js';
import { EntityClickCounts } from '../store/entity-click-counts.js';
import { EntityPopularity, type PopularityWriter } from './entity-popularity.js';
import { PopularityWindow } from './popularity-window.js';

const silent = pino({ level: 'silent' });

/** What the documents were given, newest last; fails its next write when told to. */
class Documents implements PopularityWriter {
  readonly writes: Record<EntityKey, number>[] = [];
  failNext = false;

  async writePopularity(clicks: ReadonlyMap<EntityKey, number>): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('index unavailable');
    }
    this.writes.push(Object.fromEntries(clicks));
  }

  get last(): Record<EntityKey, number> {
    return Object.assign({}, ...this.writes);
  }
}

const part = (day: string, entity: string, productId: string, count: number): EntityClickCount => ({
  day,
  entity,
  productId,
  count,
});

let planned: PlannedStore;
let counts: EntityClickCounts;
let documents: Documents;
let now: Date;
const clock = () => now;
const popularityOf = () => new EntityPopularity(counts, documents, { flushIntervalMs: 60_000, clock }, silent);

beforeEach(async () => {
  planned = await openPlannedStore();
  counts = await EntityClickCounts.open(planned.store);
  documents = new Documents();
  now = new Date('2026-11-28T12:00:00Z');
});

afterEach(async () => {
  await planned.close();
});

describe('EntityPopularity and PopularityWindow', () => {
  it('writes what the batches counted at the next flush, sums of the window, days out of it left out', async () => {
    const popularity = popularityOf();
    await popularity.counted([
      part('2026-11-28', 'brand:zest', 'kettle', 2),
      part('2026-11-28', 'category:home', 'kettle', 2),
      part('2026-10-29', 'brand:zest', 'toaster', 7), // 30 days before the window's first
    ]);
    await popularity.counted([part('2026-10-30', 'brand:zest', 'toaster', 1)]); // the window's first day
    expect(documents.writes).toEqual([]);
    await popularity.flush();
    expect(documents.writes).toEqual([{ 'brand:zest': 3, 'category:home': 2 }]);
    await popularity.flush(); // nothing new
    expect(documents.writes).toHaveLength(1);
  });

  it('keeps the days of a flush that failed for the next one', async () => {
    const popularity = popularityOf();
    await popularity.counted([part('2026-11-28', 'shop:s1', 'kettle', 1)]);
    documents.failNext = true;
    await popularity.flush();
    expect(documents.writes).toEqual([]);
    await popularity.flush();
    expect(documents.last).toEqual({ 'shop:s1': 1 });
  });

  it('writes at the next start what a stopped process had counted but not flushed', async () => {
    await popularityOf().counted([part('2026-11-28', 'brand:zest', 'kettle', 4)]); // then the process is gone
    now = new Date(now.getTime() + 3_600_000);
    const window = new PopularityWindow(counts, popularityOf(), clock, silent);
    await window.run();
    expect(documents.last).toEqual({ 'brand:zest': 4 });
    // Swept through: the next sweep reads only what rose since shortly before this one began.
    now = new Date(now.getTime() + 3_600_000);
    documents.writes.length = 0;
    await window.run();
    expect(documents.writes).toEqual([]);
  });

  it('writes the entities again without a day that left the window, then deletes its counts', async () => {
    const popularity = popularityOf();
    await popularity.counted([
      part('2026-11-28', 'brand:zest', 'kettle', 2),
      part('2026-11-29', 'brand:zest', 'kettle', 1),
      part('2026-11-28', 'shop:s1', 'kettle', 2),
    ]);
    await popularity.flush();
    const window = new PopularityWindow(counts, popularity, clock, silent);
    await window.run();
    expect(documents.last).toEqual({ 'brand:zest': 3, 'shop:s1': 2 });

    now = new Date('2026-12-28T00:30:00Z'); // the window starts on 11-29 now
    await window.run();
    expect(documents.last).toEqual({ 'brand:zest': 1, 'shop:s1': 0 });
    expect(await counts.totalsBefore('2026-11-29', 10)).toEqual([]);
    expect(await counts.prunePartsBefore('2026-11-29', 10)).toBe(0);
    expect(await popularity.clicksOf(['brand:zest', 'shop:s1'])).toEqual(new Map([['brand:zest', 1]]));
  });
});
