import type { Logger } from 'pino';
import type { Collection, Document, DocumentStore } from '@pc/kit/ports/document-store';
import type { AdCountRecord, AdImpressionRecord } from '../domain/click-aggregates.js';

/** The click statistics' documents that move (ClickAggregateRepository). */
const STATISTICS = ['click_days', 'click_tallies'] as const;

/**
 * The month documents (ADR 070) do not move: their entries name the versions of the day documents
 * and tally shards they came from, and a moved document starts its versions again. They are
 * dropped instead; a month without one reads from its day documents and tally shards, and the
 * fold's next write to it seeds a new one from them.
 */
const PROJECTIONS = ['click_months'] as const;

/** Documents moved per round: one bulk write into the new store, then their deletes in the old. */
const ROUND = 500;

/**
 * Moves click statistics folded into the service's main store (before the fold had a store of
 * its own, ADR 077) into the statistics store, once, before the fold thread starts. Each round
 * writes its documents into the statistics store and only then deletes them from the main store,
 * so a crash in between repeats the round with the same documents: nothing is lost or doubled.
 * An advertisement's impressions stay in the main store (`ad_impressions`); its clicks and marks
 * move. Month documents are dropped (`PROJECTIONS`). Resolves to the documents moved or dropped
 * (0 on every start after the first).
 */
export async function moveClickStatistics(from: DocumentStore, to: DocumentStore, logger: Logger): Promise<number> {
  let moved = 0;
  for (const name of STATISTICS) {
    const source = await from.collection<Document>({ name });
    const target = await to.collection<Document>({ name });
    moved += await moveAll(source, async (docs) => {
      await target.bulkPut(docs.map(withoutVersion));
    });
  }
  for (const name of PROJECTIONS) moved += await moveAll(await from.collection<Document>({ name }), async () => {});
  const adCounts = await from.collection<AdCountRecord & { impressions?: number }>({ name: 'ad_counts' });
  const adClicks = await to.collection<AdCountRecord>({ name: 'ad_counts' });
  const impressions = await from.collection<AdImpressionRecord>({ name: 'ad_impressions' });
  moved += await moveAll(adCounts, async (docs) => {
    await adClicks.bulkPut(docs.map(({ _id, clicks, marks }) => ({ _id, clicks, marks })));
    await impressions.bulkPut(docs.map(({ _id, impressions: count }) => ({ _id, impressions: count ?? 0 })));
  });
  if (moved > 0) logger.info({ moved }, 'click statistics moved into their own store');
  return moved;
}

async function moveAll<T extends Document>(
  source: Collection<T>,
  write: (docs: T[]) => Promise<void>,
): Promise<number> {
  let moved = 0;
  for (;;) {
    const docs = await source.find({}, { limit: ROUND });
    if (docs.length === 0) return moved;
    await write(docs);
    await Promise.all(docs.map((doc) => source.delete(doc._id)));
    moved += docs.length;
  }
}

function withoutVersion<T extends Document>(doc: T): T {
  const { _version: _, ...rest } = doc as T & { _version?: number };
  return rest as T;
}
