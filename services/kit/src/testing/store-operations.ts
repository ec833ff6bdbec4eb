import { storeOperations } from '../telemetry/operation-tally.js';

/**
 * The embedded store operations this process ran while `work` did, as `collection.operation` →
 * count (group commits as `.commit`). Tests assert on them where a wall-clock bound would flake:
 * how many reads a call makes, whether a batch is read in one go, that a re-observation writes
 * nothing. Background jobs of the same process are counted too: assert on the collections the
 * work under test owns.
 */
export async function storeOperationsDuring(work: () => Promise<unknown>): Promise<Map<string, number>> {
  const before = tallied();
  await work();
  const during = new Map<string, number>();
  for (const [key, count] of tallied()) {
    const added = count - (before.get(key) ?? 0);
    if (added > 0) during.set(key, added);
  }
  return during;
}

function tallied(): Map<string, number> {
  return new Map(
    storeOperations.counts().map(({ collection, operation, count }) => [`${collection}.${operation}`, count]),
  );
}
