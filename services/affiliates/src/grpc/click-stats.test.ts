import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import type { FoldedClick } from '../domain/click-aggregates.js';
import type { ClickMonthRecord } from '../domain/click-months.js';
import { calendarOf } from '../domain/zoned-time.js';
import { ClickFold } from '../events/click-fold.js';
import { ClickAggregateRepository } from '../store/click-aggregate-repository.js';
import { shopStats, type StatsQuery } from './click-stats.js';

const silent = pino({ level: 'silent' });
const DAY = 86_400_000;
const NOW = Date.parse('2026-02-10T12:34:56Z');
/** From before December into February: ranges and months cross a month and a year boundary. */
const FIRST = Date.parse('2025-11-20T00:00:00Z');
const ZONES = ['Europe/Zurich', 'America/New_York', 'Asia/Kathmandu', 'UTC'];
const MONTHS = ['2025-11', '2025-12', '2026-01', '2026-02'];
const COUNTRIES = ['CH', 'CH', 'DE', 'FR', 'AT', ''];

/** Numbers in [0, 1) from a seed's hashes: the same clicks on every run. */
function random(seed: number): () => number {
  let counter = 0;
  return () => createHash('sha256').update(`${seed}:${counter++}`).digest().readUInt32BE(0) / 2 ** 32;
}

/** `count` clicks of a process run in issue order (its sequences rising), on three partitions. */
function clicksOf(run: string, count: number, rand: () => number, from = FIRST, to = NOW): FoldedClick[] {
  const times = Array.from({ length: count }, () => from + Math.floor(rand() * (to - from + 1))).sort((a, b) => a - b);
  return times.map((at, i) => {
    const product = Math.floor(40 * rand() * rand());
    return {
      run,
      partition: i % 3,
      sequence: i + 1,
      shopId: rand() < 0.8 ? 'sh_a' : 'sh_b',
      productId: `p_${product}`,
      offerId: `of_${product}_${Math.floor(rand() * 2)}`,
      advertisementId: '',
      country: COUNTRIES[Math.floor(rand() * COUNTRIES.length)]!,
      clickedAt: new Date(at),
    };
  });
}

/** Cuts clicks into batches of random sizes, in order. */
function batchesOf(clicks: readonly FoldedClick[], rand: () => number): FoldedClick[][] {
  const batches: FoldedClick[][] = [];
  for (let at = 0; at < clicks.length;) {
    const size = 1 + Math.floor(rand() * 120);
    batches.push(clicks.slice(at, at + size));
    at += size;
  }
  return batches;
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** The local date ("YYYY-MM-DD") of an instant in a zone, straight from Intl. */
function localDate(zone: string, at: number): string {
  let format = formats.get(zone);
  if (!format)
    formats.set(
      zone,
      (format = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      })),
    );
  return format.format(at);
}

const ranked = (counts: Map<string, number>, limit: number) =>
  [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, limit);

function tally<K>(clicks: readonly FoldedClick[], key: (click: FoldedClick) => K | null): Map<K, number> {
  const counts = new Map<K, number>();
  for (const click of clicks) {
    const k = key(click);
    if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

/** What GetClickStats must answer, counted click by click. */
function naive(clicks: readonly FoldedClick[], shopId: string, zone: string, month: string, range: [number, number]) {
  const own = clicks.filter((click) => click.shopId === shopId && click.clickedAt.getTime() <= NOW);
  const today = localDate(zone, NOW);
  const local = (click: FoldedClick) => localDate(zone, click.clickedAt.getTime());
  const days: string[] = [];
  for (let day = localDate(zone, range[0]); day <= localDate(zone, range[1] - 1);) {
    days.push(day);
    day = new Date(Date.parse(`${day}T12:00:00Z`) + DAY).toISOString().slice(0, 10);
  }
  const perDay = tally(own, local);
  const inMonth = own.filter((click) => click.clickedAt.toISOString().startsWith(month));
  return {
    clicksToday: own.filter((click) => local(click) === today).length,
    clicksThisMonth: own.filter((click) => local(click).slice(0, 7) === today.slice(0, 7)).length,
    daily: days.map((day) => [day, perDay.get(day) ?? 0]),
    topProducts: ranked(
      tally(inMonth, (click) => click.productId),
      7,
    ).map(([productId, clicks]) => ({ productId, clicks })),
    countries: ranked(
      tally(inMonth, (click) => click.country || null),
      250,
    ).map(([country, clicks]) => ({ country, clicks })),
  };
}

/** GetClickStats' numbers for the same question. */
async function answered(
  aggregates: ClickAggregateRepository,
  shopId: string,
  zone: string,
  month: string,
  range: [number, number],
) {
  const query: StatsQuery = {
    shopIds: [shopId],
    calendar: calendarOf(zone),
    range: { start: range[0], end: range[1] },
    month,
    topLimit: 7,
  };
  const stats = await shopStats(shopId, query, NOW, aggregates);
  return {
    clicksToday: stats.clicksToday,
    clicksThisMonth: stats.clicksThisMonth,
    daily: stats.daily.map((day) => [localDate(zone, day.day!.getTime()), day.clicks]),
    topProducts: stats.topProducts,
    countries: stats.countries,
  };
}

/** GetClickStats over folded aggregates against a naive count of the raw clicks. */
describe('click statistics equal a naive count of the clicks', () => {
  let dir: string;
  let store: DocumentStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'affiliates-stats-'));
    store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Every zone, month and a range crossing the year for both shops: what was answered and what was counted. */
  async function compare(aggregates: ClickAggregateRepository, clicks: readonly FoldedClick[]) {
    const ranges: [number, number][] = [
      [Date.parse('2025-12-20T00:00:00Z'), NOW],
      [FIRST - 3 * DAY, Date.parse('2026-01-02T07:00:00Z')],
    ];
    const got = [];
    const want = [];
    for (const shopId of ['sh_a', 'sh_b'])
      for (const zone of ZONES)
        for (const [i, month] of MONTHS.entries()) {
          const range = ranges[i % ranges.length]!;
          got.push({ shopId, zone, month, ...(await answered(aggregates, shopId, zone, month, range)) });
          want.push({ shopId, zone, month, ...naive(clicks, shopId, zone, month, range) });
        }
    expect(got).toEqual(want);
  }

  /** Deletes the month documents of a shop's months: what a store folded before they existed looks like. */
  async function withoutMonthDocuments(shopMonths: readonly string[]) {
    const months = await store.collection({ name: 'click_months' });
    for (const id of shopMonths) await months.delete(id);
  }

  it('two replicas folding random batches, redeliveries among them, count every click once', async () => {
    const rand = random(7);
    // A busy last day of the year among them: most of its quarter hours have clicks.
    const busyDay = clicksOf(
      'run-busy',
      1_200,
      rand,
      Date.parse('2025-12-31T00:00:00Z'),
      Date.parse('2026-01-01T00:00:00Z') - 1,
    );
    const clicks = [...clicksOf('run-a', 3_000, rand), ...busyDay];
    const replicas = [await ClickAggregateRepository.open(store), await ClickAggregateRepository.open(store)];
    const folds = replicas.map((aggregates) => new ClickFold(aggregates, silent));
    const batches = batchesOf(clicks, rand);
    for (const [i, batch] of batches.entries()) {
      await folds[i % 2]!.fold(batch);
      // A redelivery of an earlier batch, to the other replica, now and then.
      if (rand() < 0.2) await folds[(i + 1) % 2]!.fold(batches[Math.floor(rand() * (i + 1))]!);
    }
    await compare(replicas[0]!, clicks);
    // The busy day keeps all its quarter hours, a quiet one lists those with clicks.
    const months = await store.collection<ClickMonthRecord>({ name: 'click_months' });
    const december = await months.get('sh_a|2025-12');
    expect(december?.days['2025-12-31']?.slots).toHaveLength(96);
    expect(december?.days['2025-12-30']?.quarters?.length).toBeGreaterThan(0);
    // Everything again after a restart: nothing counts twice.
    const restarted = await ClickAggregateRepository.open(store);
    for (const batch of batches) await new ClickFold(restarted, silent).fold(batch);
    await compare(restarted, clicks);
  });

  it('reads months folded before month documents existed, and completes them when new clicks come', async () => {
    const rand = random(11);
    const old = clicksOf('run-old', 2_000, rand);
    const aggregates = await ClickAggregateRepository.open(store);
    for (const batch of batchesOf(old, rand)) await new ClickFold(aggregates, silent).fold(batch);
    // The day documents and tally shards as the fold wrote them before, without month documents.
    await withoutMonthDocuments(['sh_a', 'sh_b'].flatMap((shop) => MONTHS.map((month) => `${shop}|${month}`)));
    const restarted = await ClickAggregateRepository.open(store);
    await compare(restarted, old);
    // A new run folds clicks into January and February: their month documents start from what is stored.
    const fresh = clicksOf('run-new', 500, rand, Date.parse('2026-01-25T00:00:00Z'));
    for (const batch of batchesOf(fresh, rand)) await new ClickFold(restarted, silent).fold(batch);
    const months = await store.collection({ name: 'click_months' });
    const written = await months.getMany(['sh_a|2025-12', 'sh_a|2026-01', 'sh_a|2026-02']);
    expect(written.map((doc) => doc._id).sort()).toEqual(['sh_a|2026-01', 'sh_a|2026-02']);
    await compare(restarted, [...old, ...fresh]);
  });
});
