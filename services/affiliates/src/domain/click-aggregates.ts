import { dayId, shardOf, slotOf, SLOTS_PER_DAY, tallyId, utcDay } from './click-buckets.js';

const DAY_MS = 86_400_000;
import { unfolded, type Contribution, type FoldMarks } from './fold-marks.js';

/** Counted clicks of one shop on one UTC day: per quarter hour (96 counts) and per site country. */
export interface ClickDayRecord {
  readonly _id: string;
  readonly shopId: string;
  readonly day: string;
  readonly total: number;
  readonly slots: readonly number[];
  readonly countries: Readonly<Record<string, number>>;
  readonly marks: FoldMarks;
}

/** Counted clicks of one shop's products and their offers in one UTC month, one shard (by product) of them. */
export interface ClickTallyRecord {
  readonly _id: string;
  readonly shopId: string;
  readonly month: string;
  readonly products: Readonly<Record<string, number>>;
  readonly offers: Readonly<Record<string, number>>;
  readonly marks: FoldMarks;
}

/**
 * Counted clicks of one advertisement, folded with the click statistics; its impressions are
 * counted where ads are served (`AdImpressionRecord`, in the service's main store).
 */
export interface AdCountRecord {
  readonly _id: string;
  readonly clicks: number;
  readonly marks: FoldMarks;
}

/** Impressions of one advertisement (ListAdvertisements counts one per ad served). */
export interface AdImpressionRecord {
  readonly _id: string;
  readonly impressions: number;
}

/** What the fold needs of one ClickRecorded. */
export interface FoldedClick {
  /** The click's process run and sequence (its id), and the partition it came from. */
  readonly run: string;
  readonly partition: number;
  readonly sequence: number;
  readonly shopId: string;
  readonly productId: string;
  readonly offerId: string;
  readonly advertisementId: string;
  readonly country: string;
  readonly clickedAt: Date;
}

interface DayDelta {
  readonly slot: number;
  readonly country: string;
}

interface TallyDelta {
  readonly product: string;
  readonly offer: string;
}

interface Target<D> {
  readonly seed: { readonly [key: string]: string };
  readonly contributions: Contribution<D>[];
}

/** The documents a batch of clicks changes, each with its contributions in the batch's order. */
export interface FoldPlan {
  readonly days: Map<string, Target<DayDelta>>;
  readonly tallies: Map<string, Target<TallyDelta>>;
  readonly ads: Map<string, Target<null>>;
}

function add<D>(
  targets: Map<string, Target<D>>,
  id: string,
  seed: Target<D>['seed'],
  contribution: Contribution<D>,
): void {
  const target = targets.get(id);
  if (target) target.contributions.push(contribution);
  else targets.set(id, { seed, contributions: [contribution] });
}

/**
 * Groups a batch of clicks by the documents they count in: the shop's day, the month's tally
 * shard of the product (with its offer), the advertisement. Order within a document is the batch's order,
 * which is the log's order per partition.
 */
export function planFold(clicks: readonly FoldedClick[]): FoldPlan {
  const plan: FoldPlan = { days: new Map(), tallies: new Map(), ads: new Map() };
  const calendar = new UtcLabels();
  for (const click of clicks) {
    const { run, partition, sequence } = click;
    if (click.advertisementId) add(plan.ads, click.advertisementId, {}, { run, partition, sequence, delta: null });
    if (!click.shopId) continue;
    const at = click.clickedAt.getTime();
    const day = calendar.day(at);
    add(
      plan.days,
      dayId(click.shopId, day),
      { shopId: click.shopId, day },
      { run, partition, sequence, delta: { slot: slotOf(click.clickedAt), country: click.country } },
    );
    if (click.productId) {
      const month = day.slice(0, 7);
      add(
        plan.tallies,
        tallyId(click.shopId, month, shardOf(click.productId)),
        { shopId: click.shopId, month },
        { run, partition, sequence, delta: { product: click.productId, offer: click.offerId } },
      );
    }
  }
  return plan;
}

/** "YYYY-MM-DD" of UTC days, remembered: a batch's clicks fall on a few days, in order. */
class UtcLabels {
  private last = { number: Number.NaN, label: '' };

  day(at: number): string {
    const number = Math.floor(at / DAY_MS);
    if (number !== this.last.number) this.last = { number, label: utcDay(new Date(at)) };
    return this.last.label;
  }
}

const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

// The fold owns the document the store just decoded for it (`update`'s current), so it adds to its
// maps in place: a month's tally holds thousands of counts, and copying them per batch was most
// of the fold's allocations.

/** A day document with the contributions it has not folded yet; null when there are none. */
export function foldDay(current: ClickDayRecord | null, id: string, target: Target<DayDelta>): ClickDayRecord | null {
  const { taken, marks } = unfolded(current?.marks, target.contributions);
  if (taken.length === 0) return null;
  const slots = (current?.slots ?? new Array<number>(SLOTS_PER_DAY).fill(0)) as number[];
  const countries = (current?.countries ?? {}) as Record<string, number>;
  for (const delta of taken) {
    slots[delta.slot] = (slots[delta.slot] ?? 0) + 1;
    if (delta.country) bump(countries, delta.country);
  }
  const seed = target.seed as { shopId: string; day: string };
  return {
    _id: id,
    shopId: seed.shopId,
    day: seed.day,
    total: (current?.total ?? 0) + taken.length,
    slots,
    countries,
    marks,
  };
}

/** A tally shard with the contributions it has not folded yet; null when there are none. */
export function foldTally(
  current: ClickTallyRecord | null,
  id: string,
  target: Target<TallyDelta>,
): ClickTallyRecord | null {
  const { taken, marks } = unfolded(current?.marks, target.contributions);
  if (taken.length === 0) return null;
  const products = (current?.products ?? {}) as Record<string, number>;
  const offers = (current?.offers ?? {}) as Record<string, number>;
  for (const delta of taken) {
    bump(products, delta.product);
    if (delta.offer) bump(offers, delta.offer);
  }
  const seed = target.seed as { shopId: string; month: string };
  return { _id: id, shopId: seed.shopId, month: seed.month, products, offers, marks };
}

/** An advertisement's counts with its new clicks; null when there are none. */
export function foldAdClicks(current: AdCountRecord | null, id: string, target: Target<null>): AdCountRecord | null {
  const { taken, marks } = unfolded(current?.marks, target.contributions);
  if (taken.length === 0) return null;
  return { _id: id, clicks: (current?.clicks ?? 0) + taken.length, marks };
}
