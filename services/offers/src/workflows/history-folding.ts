import { DAY_MS } from '../domain/daily-lows.js';
import type { OfferRepository } from '../store/offer-repository.js';
import { monthOf, type PriceMonthRepository } from '../store/price-month-repository.js';

/** An offer's month is folded from this many documents on: reading two or three costs about
 *  what one does, and most offers change a few times a month (ADR 028). */
export const MIN_DOCUMENTS_TO_FOLD = 4;
/** Ids read per page of a month. */
const PAGE_SIZE = 2_000;

/**
 * Folds the day documents of finished months back into one document per offer and month
 * (ADR 028), so that reading a long range reads months again. Part of the freshness sweep: walks
 * each finished month within the retention once, newest first (the most read), and keeps its
 * progress in the store, so a run stopped by its budget or a restart goes on where it was.
 */
export class HistoryFolding {
  /** Months known done: not asked about again. */
  private readonly done = new Set<string>();

  constructor(
    private readonly months: PriceMonthRepository,
    private readonly offers: OfferRepository,
    /** How long after a month's end it is folded: the stale limit, by which every listed offer
     *  was seen in the new month (an offer last seen in the month itself is left as it is). */
    private readonly graceMs: number,
    private readonly pageSize = PAGE_SIZE,
  ) {}

  /**
   * Folds the months from the last finished one back to `oldestMonth` until done or `deadline`
   * (epoch ms); returns how many day documents it removed.
   */
  async run(now: Date, oldestMonth: string, deadline: number): Promise<number> {
    let removed = 0;
    for (const month of finishedMonths(new Date(now.getTime() - this.graceMs), oldestMonth)) {
      if (Date.now() >= deadline) break;
      if (this.done.has(month)) continue;
      removed += await this.walk(month, deadline);
    }
    return removed;
  }

  private async walk(month: string, deadline: number): Promise<number> {
    let { afterId, done } = await this.months.foldingProgress(month);
    let readAfter = afterId;
    // A page may end inside an offer's documents: that offer waits for the next page. The saved
    // progress stays before it, so a restart reads it again.
    let unfinished: string[] = [];
    let removed = 0;
    while (!done && Date.now() < deadline) {
      const ids = await this.months.idsOfMonth(month, readAfter, this.pageSize);
      done = ids.length < this.pageSize;
      readAfter = ids.at(-1) ?? readAfter;
      const groups = byOffer([...unfinished, ...ids]);
      unfinished = done ? [] : (groups.pop()?.ids ?? []);
      for (const group of groups) removed += await this.foldOffer(group.offerId, month, group.ids);
      afterId = groups.at(-1)?.ids.at(-1) ?? afterId;
      await this.months.saveFoldingProgress(month, afterId, done);
    }
    if (done) this.done.add(month);
    return removed;
  }

  private async foldOffer(offerId: string, month: string, ids: readonly string[]): Promise<number> {
    if (ids.length < MIN_DOCUMENTS_TO_FOLD) return 0;
    // Ingest records into a month only at or after the offer's last-seen time (an older
    // observation is ignored), and takes points back only after it: once the offer was seen in
    // a later month, nothing writes this one again, and the fold cannot race a write.
    const offer = await this.offers.get(offerId);
    if (offer && monthOf(offer.lastSeenAt) <= month) return 0;
    return this.months.foldMonth(offerId, month, ids);
  }
}

/** The months before `now`'s back to `oldest` (inclusive), newest first ('YYYY-MM'). */
export function finishedMonths(now: Date, oldest: string): string[] {
  const months: string[] = [];
  let cursor = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - DAY_MS);
  while (monthOf(cursor.toISOString()) >= oldest) {
    months.push(monthOf(cursor.toISOString()));
    cursor = new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth(), 1) - DAY_MS);
  }
  return months;
}

/** Ids of `${offerId}:${month or day}` documents grouped by offer, in order. */
function byOffer(ids: readonly string[]): { offerId: string; ids: string[] }[] {
  const groups: { offerId: string; ids: string[] }[] = [];
  for (const id of ids) {
    const offerId = id.slice(0, id.lastIndexOf(':'));
    const last = groups.at(-1);
    if (last?.offerId === offerId) last.ids.push(id);
    else groups.push({ offerId, ids: [id] });
  }
  return groups;
}
