import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';
import type { EntityClickCount, EntityDay, EntityKey } from '../domain/entity-popularity.js';

/** What one product gave one entity on one day, and when that count was last raised (epoch ms). */
interface EntityClickPart extends EntityClickCount {
  readonly _id: string;
  readonly at: number;
}

/** An entity's counted clicks of one day: the sum of its parts of that day. */
interface EntityClickTotal extends EntityDay {
  readonly _id: string;
  readonly count: number;
}

/** Until when (epoch ms) the changed parts were summed again by a sweep (one document). */
interface SweepMark {
  readonly _id: string;
  readonly through: number;
}

/** Entities per query of the window's totals (an `$in` list). */
const ENTITIES_PER_READ = 100;
const SWEEP_MARK = 'changed-parts';

/**
 * Counted clicks of brands, categories and shops per UTC day (search's side state), from which
 * their documents' `clicks_30d` is summed:
 *
 * - `entity_click_days`, one part per day, entity and product, set from the product's click record
 *   (which counts each click once, with its id): set, never added to, so writing it again is
 *   harmless and a redelivered click repairs a part a crash kept from being written;
 * - `entity_click_totals`, one per entity and day: its parts summed again (by a flush), so a
 *   window reads at most 30 totals per entity instead of every part;
 * - `entity_click_marks`: until when a sweep has summed every changed part (`at` of the parts).
 *
 * Parts and totals only grow within a day, so neither is ever lowered: a lower one is an older
 * read (another replica's). Days that left the window are deleted.
 */
export class EntityClickCounts {
  private constructor(
    private readonly parts: Collection<EntityClickPart>,
    private readonly totals: Collection<EntityClickTotal>,
    private readonly marks: Collection<SweepMark>,
  ) {}

  static async open(store: DocumentStore): Promise<EntityClickCounts> {
    const [parts, totals, marks] = await Promise.all([
      store.collection<EntityClickPart>({
        name: 'entity_click_days',
        indexes: [{ fields: ['entity', 'day'] }, { fields: ['day'] }, { fields: ['at'] }],
      }),
      store.collection<EntityClickTotal>({
        name: 'entity_click_totals',
        indexes: [{ fields: ['entity', 'day'] }, { fields: ['day'] }],
      }),
      store.collection<SweepMark>({ name: 'entity_click_marks' }),
    ]);
    return new EntityClickCounts(parts, totals, marks);
  }

  /**
   * Sets these parts (concurrently: the writes share commits), stamped `at`; returns the entities'
   * days whose parts were raised, to be summed again.
   */
  async setParts(counts: readonly EntityClickCount[], at: number): Promise<EntityDay[]> {
    const highest = new Map<string, EntityClickCount>();
    for (const count of counts) {
      const id = partId(count);
      if ((highest.get(id)?.count ?? 0) < count.count) highest.set(id, count);
    }
    const raised = await Promise.all(
      [...highest].map(async ([id, { day, entity, productId, count }]) => {
        let wrote = false;
        await this.parts.update(id, (current) => {
          wrote = !current || current.count < count;
          return wrote ? { _id: id, day, entity, productId, count, at } : null;
        });
        return wrote ? [{ entity, day }] : [];
      }),
    );
    return uniqueDays(raised.flat());
  }

  /** Sums the day's parts of the entity again into its total (never lowering it); returns the total. */
  async sumDay({ entity, day }: EntityDay): Promise<number> {
    const parts = await this.parts.find({ entity, day }, { sort: { entity: 1, day: 1 } });
    const sum = parts.reduce((total, part) => total + part.count, 0);
    const id = totalId({ entity, day });
    const stored = await this.totals.update(id, (current) =>
      current && current.count >= sum ? null : { _id: id, entity, day, count: sum },
    );
    return Math.max(sum, stored?.count ?? 0);
  }

  /** Each entity's totals summed from `firstDay` on (entities without any left out). */
  async windowOf(entities: readonly EntityKey[], firstDay: string): Promise<Map<EntityKey, number>> {
    const unique = [...new Set(entities)];
    const sums = new Map<EntityKey, number>();
    for (let i = 0; i < unique.length; i += ENTITIES_PER_READ) {
      const totals = await this.totals.find(
        { entity: { $in: unique.slice(i, i + ENTITIES_PER_READ) }, day: { $gte: firstDay } },
        { sort: { entity: 1, day: 1 } },
      );
      for (const total of totals) sums.set(total.entity, (sums.get(total.entity) ?? 0) + total.count);
    }
    return sums;
  }

  /**
   * The entities' days whose parts were raised at or after `since` (epoch ms), a page of up to
   * `pageSize` parts at a time, in the order they were raised.
   */
  async *changedSince(since: number, pageSize: number): AsyncGenerator<EntityDay[]> {
    let from = since;
    // Parts of one batch share their `at`: those already read at `from` are skipped.
    let skip = 0;
    for (;;) {
      const parts = await this.parts.find({ at: { $gte: from } }, { sort: { at: 1 }, skip, limit: pageSize });
      if (parts.length > 0) yield uniqueDays(parts);
      const last = parts.at(-1);
      if (parts.length < pageSize || last === undefined) return;
      const atLast = parts.filter((part) => part.at === last.at).length;
      skip = last.at === from ? skip + atLast : atLast;
      from = last.at;
    }
  }

  /** Up to `limit` totals of days before `day` (their entities' windows lost them). */
  async totalsBefore(day: string, limit: number): Promise<EntityDay[]> {
    const old = await this.totals.find({ day: { $lt: day } }, { sort: { day: 1 }, limit });
    return old.map(({ entity, day: of }) => ({ entity, day: of }));
  }

  async deleteTotals(days: readonly EntityDay[]): Promise<void> {
    await Promise.all(days.map((of) => this.totals.delete(totalId(of))));
  }

  /** Deletes up to `limit` parts of days before `day`; returns how many. */
  async prunePartsBefore(day: string, limit: number): Promise<number> {
    // Sorted by the indexed field: the default (_id) order would read every part to find them.
    const old = await this.parts.findIds({ day: { $lt: day } }, { sort: { day: 1 }, limit });
    await Promise.all(old.map((id) => this.parts.delete(id)));
    return old.length;
  }

  /** Until when the last sweep summed every changed part (null: none has run yet). */
  async sweptThrough(): Promise<number | null> {
    return (await this.marks.get(SWEEP_MARK))?.through ?? null;
  }

  /** Records a sweep's start; another replica's later one is kept. */
  async markSwept(through: number): Promise<void> {
    await this.marks.update(SWEEP_MARK, (current) =>
      current && current.through >= through ? null : { _id: SWEEP_MARK, through },
    );
  }
}

const partId = (count: EntityClickCount): string => `${count.day}|${count.entity}|${count.productId}`;

const totalId = ({ entity, day }: EntityDay): string => `${entity}|${day}`;

function uniqueDays(days: readonly EntityDay[]): EntityDay[] {
  const unique = new Map<string, EntityDay>();
  for (const { entity, day } of days) unique.set(totalId({ entity, day }), { entity, day });
  return [...unique.values()];
}
