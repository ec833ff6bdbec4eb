import type { Client, estypes } from '@elastic/elasticsearch';
import { UnavailableError } from '@pc/kit/errors/domain-errors';
import { DEFAULT_BACKOFF, waitBeforeRetry, type BackoffOptions } from './backoff.js';
import { isBackPressure, toDomainError } from './es-errors.js';

/** One write: a document to index (replace) or, without a body, a delete. */
export interface BulkWrite {
  readonly id: string;
  readonly body?: Record<string, unknown>;
}

export interface BulkOptions {
  /** Documents per bulk request. */
  readonly chunkDocs: number;
  /** Bytes (of JSON, roughly) per bulk request; a chunk closes at whichever comes first. */
  readonly chunkBytes: number;
  /** Bulk requests in flight at once per call. */
  readonly concurrency: number;
  readonly backoff: BackoffOptions;
}

export const DEFAULT_BULK: BulkOptions = {
  chunkDocs: 1_000,
  chunkBytes: 5_000_000,
  concurrency: 2,
  backoff: DEFAULT_BACKOFF,
};

/**
 * Writes in chunked bulk requests, at most `concurrency` in flight, so a large upsert neither
 * builds one huge request nor floods the write queue. Items (or whole requests) refused with
 * 429 are retried with backoff; deletes of unknown ids count as done; any other item failure
 * fails the call once the others are done. Resolves when every write is acknowledged.
 */
export async function bulkWrite(
  client: Client,
  index: string,
  writes: readonly BulkWrite[],
  options: BulkOptions = DEFAULT_BULK,
): Promise<void> {
  const chunks = chunk(writes, options);
  let next = 0;
  const failures: string[] = [];
  const worker = async (): Promise<void> => {
    while (next < chunks.length) {
      const mine = chunks[next++] ?? [];
      failures.push(...(await writeChunk(client, index, mine, options.backoff)));
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, chunks.length) }, worker));
  if (failures.length > 0)
    throw new Error(
      `elasticsearch refused ${failures.length} write(s) to ${index}: ${failures.slice(0, 3).join('; ')}`,
    );
}

/** Failure reasons of writes that cannot succeed by retrying. */
async function writeChunk(
  client: Client,
  index: string,
  writes: readonly BulkWrite[],
  backoff: BackoffOptions,
): Promise<string[]> {
  let pending = writes;
  const failed: string[] = [];
  for (let attempt = 0; ; attempt++) {
    let items: estypes.BulkResponseItem[];
    try {
      const response = await client.bulk({ index, operations: operations(pending) });
      items = response.items.map((item) => item.index ?? item.delete ?? {}) as estypes.BulkResponseItem[];
    } catch (error) {
      if (!isBackPressure(error) || attempt >= backoff.retries) throw toDomainError(error, 'writing');
      await waitBeforeRetry(attempt, backoff);
      continue;
    }
    const retry: BulkWrite[] = [];
    items.forEach((item, i) => {
      const write = pending[i];
      if (write === undefined || item.error == null) return;
      if (item.status === 429) retry.push(write);
      else if (!(item.status === 404 && write.body === undefined))
        failed.push(`${write.id}: ${item.error.type} ${item.error.reason ?? ''}`);
    });
    if (retry.length === 0) return failed;
    if (attempt >= backoff.retries)
      throw new UnavailableError(`elasticsearch kept refusing ${retry.length} write(s) to ${index} (429)`);
    pending = retry;
    await waitBeforeRetry(attempt, backoff);
  }
}

function operations(writes: readonly BulkWrite[]): unknown[] {
  return writes.flatMap((write) =>
    write.body === undefined ? [{ delete: { _id: write.id } }] : [{ index: { _id: write.id } }, write.body],
  );
}

function chunk(writes: readonly BulkWrite[], options: BulkOptions): BulkWrite[][] {
  const chunks: BulkWrite[][] = [];
  let current: BulkWrite[] = [];
  let bytes = 0;
  for (const write of writes) {
    const size = write.body === undefined ? 64 : JSON.stringify(write.body).length;
    if (current.length > 0 && (current.length >= options.chunkDocs || bytes + size > options.chunkBytes)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(write);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
