import { DAY_MS } from '../domain/daily-lows.js';
import type { OfferRepository } from '../store/offer-repository.js';
import { monthOf, type PriceMonthRepository } from '../store/price-month-repository.js';

/** Finished months folded: the last two, so a month is still folded when the sweep that
 *  first sees it finished could not get through it (a restart, the run's budget). */
const MONTHS_FOLDED = 2;
/** An offer's month is folded from this many documents on: reading two or three costs about
 *  what one does, and most offers change a few times a month (ADR 028). */
export const MIN_DOCUMENTS_TO_FOLD = 4;
/** Ids read per page of a month. */
const PAGE = 2_000;

/**
 * Folds the day documents of finished months back into one document per offer and month
 * (ADR 028), so that reading a long range reads months again. Part of the freshness sweep:
 * resumes where the last run's budget stopped it; walks each month once per process (a restart
 * walks the months again, finding little left to do).
 */
export class HistoryFolding {
  /** Per month, the last id walked; '' before the first, null once the month is done. */
  private readonly walked = new Map<string, string | null>();

  constructor(
    private readonly months: PriceMonthRepository,
    private readonly offers: OfferRepository,
    /** How long after a month's end it is folded: the stale limit, by which every listed offer
     *  was seen in the new month (an offer last seen in the month itself is left as it is). */
    private readonly graceMs: number,
  ) {}

  /** Folds until done or `deadline` (epoch ms); returns how many day documents it removed. */
  async run(now: Date, deadline: number): Promise<number> {
    let removed = 0;
    for (const month of finishedMonths(new Date(now.getTime() - this.graceMs), MONTHS_FOLDED)) {
      let afterId: string | null | undefined = this.walked.get(month);
      if (afterId === null) continue;
      afterId ??= '';
      while (Date.now() < deadline) {
        const ids = await this.months.idsOfMonth(month, afterId, PAGE);
        if (ids.length === 0) {
          afterId = null;
          break;
        }
        // A full page may cut an offer's documents in two: its last offer waits for the next page.
        const groups = byOffer(ids);
        const complete = ids.length < PAGE || groups.length === 1 ? groups : groups.slice(0, -1);
        for (const group of complete) removed += await this.foldOffer(group.offerId, month, group.ids);
        afterId = complete.at(-1)?.ids.at(-1) ?? afterId;
      }
      this.walked.set(month, afterId);
      if (afterId !== null) break;
    }
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

/** The `count` months before `now`'s, oldest first ('YYYY-MM'). */
export function finishedMonths(now: Date, count: number): string[] {
  const months: string[] = [];
  let cursor = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  for (let i = 0; i < count; i += 1) {
    cursor = new Date(cursor.getTime() - DAY_MS);
    months.unshift(monthOf(cursor.toISOString()));
    cursor = new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth(), 1));
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
