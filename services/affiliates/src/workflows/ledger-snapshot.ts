import type { LedgerEntryRecord } from '../domain/transaction-record.js';
import type { LedgerRepository } from '../store/ledger-repository.js';

const PAGE = 1_000;

/**
 * The whole ledger in memory for the EcoTip totals, read again after this process appended to
 * it and at most `ttlMs` later otherwise (another replica's entries). Donations are a small
 * fraction of clicks (a green offer, from the product page, then a purchase), so the ledger is
 * small enough to add up; the public page is cached in front of it too.
 */
export class LedgerSnapshot {
  private snapshot: { entries: LedgerEntryRecord[]; until: number } | null = null;
  private reading: Promise<LedgerEntryRecord[]> | null = null;

  constructor(
    private readonly ledger: LedgerRepository,
    private readonly ttlMs = 30_000,
  ) {}

  /** The ledger changed here: the next read goes to the store. */
  invalidate(): void {
    this.snapshot = null;
  }

  async entries(): Promise<LedgerEntryRecord[]> {
    if (this.snapshot && this.snapshot.until > Date.now()) return this.snapshot.entries;
    this.reading ??= this.readAll().finally(() => (this.reading = null));
    return this.reading;
  }

  private async readAll(): Promise<LedgerEntryRecord[]> {
    const entries: LedgerEntryRecord[] = [];
    for (let last = ''; ;) {
      const page = await this.ledger.page(last, PAGE);
      entries.push(...page);
      if (page.length < PAGE) break;
      last = page[page.length - 1]!._id;
    }
    this.snapshot = { entries, until: Date.now() + this.ttlMs };
    return entries;
  }
}
