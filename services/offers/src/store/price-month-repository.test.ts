import { openPlannedStore, type PlannedStore } from '@pc/sqlite-document-store/testing/query-plans';
import { Availability } from '@pc/proto/common/v1/commerce';
import type { Collection } from '@pc/kit/ports/document-store';
import type { PriceState } from '../domain/price-point.js';
import {
  MAX_POINTS_PER_DAY,
  MAX_POINTS_PER_MONTH,
  PriceMonthRepository,
  type PriceMonthRecord,
} from './price-month-repository.js';
import { recordInOrder } from '../test-support/price-history.js';

const KEYS = {
  offerId: 'of_a',
  productId: 'p1',
  country: 'CH',
  shopId: 'sh_1',
};
const point = (t: string, p: number | null): PriceState => ({
  t,
  p,
  c: 'CHF',
  a: Availability.AVAILABILITY_IN_STOCK,
});

let planned: PlannedStore;
let repo: PriceMonthRepository;
let docs: Collection<PriceMonthRecord>;

/** Records points in order, each after the one before (as ingest does with the offer's last point). */
const recordAll = (points: readonly PriceState[], previous: PriceState | null = null) =>
  recordInOrder(repo, KEYS, points, previous);

beforeEach(async () => {
  planned = await openPlannedStore();
  repo = await PriceMonthRepository.open(planned.store);
  docs = await planned.store.collection<PriceMonthRecord>({
    name: 'offer_price_months',
  });
});

afterEach(() => planned.close());

describe('PriceMonthRepository: one document per offer and day', () => {
  it('files each day’s points in a document of its own, opened with the state of the day before', async () => {
    const monday = [point('2026-11-02T08:00:00.000Z', 100), point('2026-11-02T12:00:00.000Z', 90)];
    const tuesday = [point('2026-11-03T09:00:00.000Z', 95)];
    await recordAll([...monday, ...tuesday]);

    const stored = await repo.inRange('p1', 'CH', '2026-11', '2026-11');
    expect(stored.map((doc) => [doc._id, doc.month, doc.opening?.p ?? null, doc.points.map((p) => p.p)])).toEqual([
      ['of_a:2026-11-02', '2026-11', null, [100, 90]],
      ['of_a:2026-11-03', '2026-11', 90, [95]],
    ]);
  });

  it('rewrites only the day a point lands in, however many points the month already has', async () => {
    // Three changes a day for a month: the month holds 90 points, no document more than 3.
    const points = Array.from({ length: 30 }, (_, day) =>
      ['08', '12', '16'].map((hour, i) =>
        point(`2026-11-${String(day + 1).padStart(2, '0')}T${hour}:00:00.000Z`, 1000 + day * 3 + i),
      ),
    ).flat();
    await recordAll(points);

    const stored = await repo.inRange('p1', 'CH', '2026-11', '2026-11');
    expect(stored).toHaveLength(30);
    expect(Math.max(...stored.map((doc) => doc.points.length))).toBe(3);
    expect(stored.flatMap((doc) => doc.points).map((p) => p.p)).toEqual(points.map((p) => p.p));
  });

  it('changes nothing when the same point is recorded again', async () => {
    const last = await recordAll([point('2026-11-02T08:00:00.000Z', 100), point('2026-11-03T08:00:00.000Z', 90)]);
    const before = await docs.find({});
    await repo.record(KEYS, last, point('2026-11-03T08:00:00.000Z', 90));
    expect(await docs.find({})).toEqual(before);
  });

  it('takes back a removal dated on a later day when an earlier observation contradicts it', async () => {
    const listed = point('2026-11-02T08:00:00.000Z', 100);
    const removal = point('2026-11-04T08:00:00.000Z', null); // the sweep: last seen + stale limit
    await recordAll([listed, removal]);
    await repo.record(KEYS, removal, point('2026-11-03T10:00:00.000Z', 80));

    const stored = await repo.inRange('p1', 'CH', '2026-11', '2026-11');
    expect(stored.map((doc) => [doc._id, doc.opening?.p ?? null, doc.points.map((p) => p.p)])).toEqual([
      ['of_a:2026-11-02', null, [100]],
      ['of_a:2026-11-03', 100, [80]],
    ]);
  });

  it('reads a month document of before days first, and takes back a removal stored in it', async () => {
    const listed = point('2026-11-02T08:00:00.000Z', 100);
    const removal = point('2026-11-05T08:00:00.000Z', null);
    await docs.put({
      _id: 'of_a:2026-11',
      ...KEYS,
      month: '2026-11',
      opening: null,
      points: [listed, removal],
    });
    await repo.record(KEYS, removal, point('2026-11-04T10:00:00.000Z', 80));
    await repo.record(KEYS, point('2026-11-04T10:00:00.000Z', 80), point('2026-11-06T10:00:00.000Z', 85));

    const stored = await repo.inRange('p1', 'CH', '2026-11', '2026-11');
    expect(stored.map((doc) => [doc._id, doc.points.map((p) => p.p)])).toEqual([
      ['of_a:2026-11', [100]],
      ['of_a:2026-11-04', [80]],
      ['of_a:2026-11-06', [85]],
    ]);
  });

  it(`keeps at most ${MAX_POINTS_PER_DAY} points a day, folding the oldest into the day's opening`, async () => {
    const points = Array.from({ length: MAX_POINTS_PER_DAY + 5 }, (_, i) =>
      point(new Date(Date.UTC(2026, 10, 2) + i * 60_000).toISOString(), 10_000 + i),
    );
    await recordAll(points);

    const [day] = await repo.inRange('p1', 'CH', '2026-11', '2026-11');
    expect(day?.points).toHaveLength(MAX_POINTS_PER_DAY);
    expect(day?.opening?.p).toBe(10_004);
    expect(day?.points[0]?.p).toBe(10_005);
  });
});

describe("PriceMonthRepository.foldMonth: a finished month's days back into one document", () => {
  const ids = async () => (await repo.inRange('p1', 'CH', '2026-10', '2026-10')).map((doc) => doc._id);
  const october = [
    point('2026-10-02T08:00:00.000Z', 100),
    point('2026-10-02T12:00:00.000Z', 90),
    point('2026-10-09T09:00:00.000Z', 95),
    point('2026-10-20T09:00:00.000Z', null),
  ];

  it("writes the days' points, in order and opened as the first day was, into the month and deletes the days", async () => {
    const september = point('2026-09-28T10:00:00.000Z', 110);
    await recordAll(october, september);
    const before = await repo.inRange('p1', 'CH', '2026-10', '2026-10');

    expect(await repo.foldMonth('of_a', '2026-10', await ids())).toBe(3);

    const after = await repo.inRange('p1', 'CH', '2026-10', '2026-10');
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      _id: 'of_a:2026-10',
      ...KEYS,
      month: '2026-10',
      opening: september,
      points: october,
    });
    expect(before.flatMap((doc) => doc.points)).toEqual(october);
  });

  it('merges a month document of before days with the days after it', async () => {
    await docs.put({ _id: 'of_a:2026-10', ...KEYS, month: '2026-10', opening: null, points: october.slice(0, 2) });
    await recordAll(october.slice(2), october[1]);

    expect(await repo.foldMonth('of_a', '2026-10', await ids())).toBe(2);

    const [month] = await repo.inRange('p1', 'CH', '2026-10', '2026-10');
    expect(month?.points).toEqual(october);
    expect(month?.opening).toBeNull();
  });

  it('counts a day once when an earlier fold stopped before deleting it', async () => {
    await recordAll(october);
    const leftover = (await repo.inRange('p1', 'CH', '2026-10', '2026-10')).at(-1);
    await repo.foldMonth('of_a', '2026-10', await ids());
    const { _version: _ignored, ...copy } = leftover!;
    await docs.put(copy);

    expect(await repo.foldMonth('of_a', '2026-10', await ids())).toBe(1);

    const stored = await repo.inRange('p1', 'CH', '2026-10', '2026-10');
    expect(stored.map((doc) => [doc._id, doc.points])).toEqual([['of_a:2026-10', october]]);
  });

  it('leaves the days of an offer matched to another product within the month where they are', async () => {
    await recordAll(october.slice(0, 3));
    const moved = { ...KEYS, productId: 'p2' };
    await repo.record(moved, october[2]!, october[3]!);
    const all = [
      ...(await ids()),
      ...(await repo.inRange('p2', 'CH', '2026-10', '2026-10')).map((doc) => doc._id),
    ].sort();

    expect(await repo.foldMonth('of_a', '2026-10', all)).toBe(0);

    expect(await ids()).toEqual(['of_a:2026-10-02', 'of_a:2026-10-09']);
    expect((await repo.inRange('p2', 'CH', '2026-10', '2026-10')).map((doc) => doc.points)).toEqual([[october[3]]]);
  });

  it(`leaves a month of more than ${MAX_POINTS_PER_MONTH} points in its days`, async () => {
    const perDay = 100;
    const points = Array.from({ length: MAX_POINTS_PER_MONTH + perDay }, (_, i) =>
      point(new Date(Date.UTC(2026, 9, 1 + Math.floor(i / perDay), 0, i % perDay)).toISOString(), 1_000 + i),
    );
    await recordAll(points);
    const days = await ids();

    expect(await repo.foldMonth('of_a', '2026-10', days)).toBe(0);
    expect(await ids()).toEqual(days);
  });
});
