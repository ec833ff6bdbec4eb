import { openPlannedStore, type PlannedStore } from '@pc/sqlite-document-store/testing/query-plans';
import { QueryCounts } from '../store/query-counts.js';
import { MIN_VISITOR_DAYS, SearchedQueries } from './searched-queries.js';

let planned: PlannedStore;
let counts: QueryCounts;
let now = new Date('2026-12-06T12:00:00Z');
const MINUTE = 60_000;

/** Adds `n` visitor-days of `query` on `day` in CH / de unless told otherwise. */
const searched = (day: string, query: string, n: number, country = 'CH', language = 'de') =>
  counts.add(new Map([[`${day}|${country}|${language}|${query}`, { key: { day, country, language, query }, n }]]));

beforeAll(async () => {
  planned = await openPlannedStore();
  counts = await QueryCounts.open(planned.store);
  await searched('2026-12-06', 'wasserkocher', 2);
  await searched('2026-12-01', 'wasserkocher', 2); // 4 over the window
  await searched('2026-12-06', 'wasserkocher edelstahl', 9);
  await searched('2026-12-06', 'wasserfilter', MIN_VISITOR_DAYS);
  await searched('2026-12-06', 'wasserkocher glas', MIN_VISITOR_DAYS - 1); // too few people
  await searched('2026-10-01', 'wasserbett', 50); // before the window
  await searched('2026-12-06', 'wasserkocher', 20, 'DE');
  await searched('2026-12-06', 'wasserkocher', 20, 'CH', 'fr');
  await searched('2026-12-06', 'toaster', 5);
});

afterAll(async () => {
  await planned.close();
});

describe('SearchedQueries', () => {
  const completions = new SearchedQueries({ top: (...args) => counts.top(...args) }, () => now);
  const texts = async (typed: string, country = 'CH', language = 'de', limit = 5) =>
    (await completions.complete(typed, country, language, limit)).map((entry) => entry.query);

  it('completes what was typed from the country and language’s searches, most searched first', async () => {
    expect(await texts('Wass')).toEqual(['wasserkocher edelstahl', 'wasserkocher', 'wasserfilter']);
    expect(await texts('WASSERKOCHER  ')).toEqual(['wasserkocher edelstahl']);
    expect(await texts('wass', 'CH', 'de', 1)).toEqual(['wasserkocher edelstahl']);
    expect(await texts('wass', 'DE')).toEqual(['wasserkocher']);
    expect(await texts('wass', 'AT')).toEqual([]);
    expect(await texts('   ')).toEqual([]);
  });

  it('leaves out what fewer visitors searched, what left the window and what was typed in full', async () => {
    expect(await texts('wasserkocher g')).toEqual([]);
    expect(await texts('wasserb')).toEqual([]);
    expect(await texts('toaster')).toEqual([]);
  });

  it('answers from its list for ten minutes, then from a list made again', async () => {
    await searched('2026-12-06', 'wasserpistole', 30);
    expect(await texts('wasserp')).toEqual([]);
    now = new Date(now.getTime() + 11 * MINUTE);
    // The stale list answers while the next one is made.
    expect(await texts('wasserp')).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await texts('wasserp')).toEqual(['wasserpistole']);
  });
});
