import { parseRate } from '../domain/fx-arithmetic.js';
import { FxRateBook, type StoredRate } from '../domain/fx-rate-book.js';
import type { FxRateRecord, FxRateRepository } from './fx-rate-repository.js';

/** Rates written by another replica within this much before our last read are read again. */
const CLOCK_SKEW_MS = 10_000;

/**
 * The rate book in memory (rates are few and change daily; every conversion needs them).
 * Reloads what was stored since the last load, at most every `refreshMs`, and at once after
 * this process stores rates. A rate stored again for the same pair and as_of (a correction)
 * replaces the one held.
 */
export class FxRateCache {
  private readonly rates = new Map<string, StoredRate>();
  /** The stored records behind `rates` (their source and storedAt), by id. */
  private readonly records = new Map<string, FxRateRecord>();
  private book = new FxRateBook([]);
  private loadedAt = Number.NEGATIVE_INFINITY;
  private newestStoredAt = '';
  private loading: Promise<FxRateBook> | null = null;

  constructor(
    private readonly repository: FxRateRepository,
    private readonly refreshMs = 60_000,
  ) {}

  async current(): Promise<FxRateBook> {
    if (Date.now() - this.loadedAt < this.refreshMs) return this.book;
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /**
   * Every stored pair's record valid at `at` (the latest as_of at or before it), by base then
   * quote: stored rates only, never inverse or pivot ones; a pair whose rates all start later is
   * left out.
   */
  async stored(at: Date): Promise<FxRateRecord[]> {
    await this.current();
    const latest = new Map<string, FxRateRecord>();
    for (const record of this.records.values()) {
      if (Date.parse(record.asOf) > at.getTime()) continue;
      const pair = `${record.base}>${record.quote}`;
      const held = latest.get(pair);
      if (!held || Date.parse(held.asOf) < Date.parse(record.asOf)) latest.set(pair, record);
    }
    return [...latest.values()].sort((a, b) => a.base.localeCompare(b.base) || a.quote.localeCompare(b.quote));
  }

  async store(records: readonly FxRateRecord[]): Promise<void> {
    await this.repository.putAll(records);
    this.loadedAt = Number.NEGATIVE_INFINITY;
  }

  private async load(): Promise<FxRateBook> {
    const startedAt = Date.now();
    const since = this.newestStoredAt ? new Date(Date.parse(this.newestStoredAt) - CLOCK_SKEW_MS).toISOString() : '';
    const records = await this.repository.storedSince(since);
    let added = false;
    for (const record of records) {
      const scaled = parseRate(record.rate);
      const held = this.records.get(record._id);
      if (scaled === null || (held && held.storedAt >= record.storedAt)) continue;
      this.rates.set(record._id, { base: record.base, quote: record.quote, scaled, asOf: new Date(record.asOf) });
      this.records.set(record._id, record);
      added = true;
      if (record.storedAt > this.newestStoredAt) this.newestStoredAt = record.storedAt;
    }
    if (added) this.book = new FxRateBook([...this.rates.values()]);
    this.loadedAt = startedAt;
    return this.book;
  }
}
