import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';

/** One published rate; every rate is kept (history conversions use the rate of their day). */
export interface FxRateRecord {
  /** `${base}${quote}:${asOf}`: the same rate stored twice is one document. */
  readonly _id: string;
  readonly base: string;
  readonly quote: string;
  /** Decimal string, as given (validated). */
  readonly rate: string;
  readonly asOf: string;
  readonly source: string;
  readonly storedAt: string;
}

export class FxRateRepository {
  private constructor(private readonly rates: Collection<FxRateRecord>) {}

  static async open(store: DocumentStore): Promise<FxRateRepository> {
    const rates = await store.collection<FxRateRecord>({
      name: 'fx_rates',
      indexes: [{ fields: ['storedAt'] }, { fields: ['base', 'quote', 'asOf'] }],
    });
    return new FxRateRepository(rates);
  }

  async putAll(records: readonly FxRateRecord[]): Promise<void> {
    await this.rates.bulkPut(records);
  }

  /** Rates stored at or after a time (incremental reloads of the in-memory rate book). */
  storedSince(iso: string): Promise<FxRateRecord[]> {
    return this.rates.find({ storedAt: { $gte: iso } }, { sort: { storedAt: 1 } });
  }
}
