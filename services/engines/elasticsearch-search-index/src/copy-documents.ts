import type { estypes } from '@elastic/elasticsearch';
import { FailedPreconditionError, InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { SearchDocument } from '@pc/kit/ports/search-index';
import { bulkWrite } from './bulk-writer.js';
import { ID, SOURCE } from './field-layout.js';
import { encodeWrites, type IndexContext } from './index-context.js';

const PAGE = 1_000;

/**
 * Copies documents from an older version into `target`, re-deriving everything from `src` with
 * the new schema. The integ-test distribution has no reindex module, and `_reindex` could not
 * re-run our analysis anyway. Pages with search_after on the id keyword (no scroll context to
 * keep alive); `query` narrows the copy (the catch-up after the alias swap).
 */
export async function copyDocuments(
  target: IndexContext,
  from: string,
  query: estypes.QueryDslQueryContainer = { match_all: {} },
): Promise<number> {
  let after: estypes.SortResults | undefined;
  let copied = 0;
  for (;;) {
    const page = await target.client.search<Record<string, unknown>>({
      index: from,
      query,
      size: PAGE,
      sort: [{ [ID]: 'asc' }],
      _source: [SOURCE],
      ...(after === undefined ? {} : { search_after: after }),
    });
    const hits = page.hits.hits;
    if (hits.length === 0) return copied;
    const docs = hits.map((hit) => hit._source?.[SOURCE] as SearchDocument);
    await bulkWrite(target.client, target.index, fitting(target, docs, from), target.bulk);
    copied += docs.length;
    after = hits[hits.length - 1]?.sort;
  }
}

function fitting(target: IndexContext, docs: readonly SearchDocument[], from: string): ReturnType<typeof encodeWrites> {
  try {
    return encodeWrites(target, docs);
  } catch (error) {
    if (!(error instanceof InvalidArgumentError)) throw error;
    // Same as the embedded adapter: a schema that stored documents do not fit is refused.
    throw new FailedPreconditionError(
      `documents of ${from} do not fit the new schema of ${target.index}: ${error.message}`,
      { cause: error },
    );
  }
}

/**
 * A sequence number such that every write to `index` after now gets a higher one on its shard:
 * the smallest of the primaries' max_seq_no (conservative with several shards: it re-copies
 * some documents, which is harmless, and misses none).
 */
export async function writeMark(target: IndexContext, index: string): Promise<number> {
  const stats = await target.client.indices.stats({ index, level: 'shards', metric: 'docs' });
  const shards = Object.values(stats.indices?.[index]?.shards ?? {}).flat() as {
    routing?: { primary?: boolean };
    seq_no?: { max_seq_no?: number };
  }[];
  const marks = shards
    .filter((shard) => shard.routing?.primary === true)
    .map((shard) => shard.seq_no?.max_seq_no ?? -1);
  return marks.length === 0 ? -1 : Math.min(...marks);
}
