import { parseRate } from '../domain/fx-arithmetic.js';
import { FxRateBook, type StoredRate } from '../domain/fx-rate-book.js';
import type { FxRateRecord, FxRateRepository } from './fx-rate-repository.js';

/** Rates written by another replica within this much before our last read are read again. */
const CLOCK_SKEW_MS = 10_000;

/**
 * The rate book in memory (rates are few and change daily; every conversion needs them).
 * Reloads what was stored since the last load, at most every `refreshMs`, and at once after
 * this process stores rates.
 */
export class FxRateCache {
  private readonly rates = new Map<string, StoredRate>();
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
      if (scaled === null || this.rates.has(record._id)) continue;
      this.rates.set(record._id, { base: record.base, quote: record.quote, scaled, asOf: new Date(record.asOf) });
      added = true;
      if (record.storedAt > this.newestStoredAt) this.newestStoredAt = record.storedAt;
    }
    if (added) this.book = new FxRateBook([...this.rates.values()]);
    this.loadedAt = startedAt;
    return this.book;
  }
}
