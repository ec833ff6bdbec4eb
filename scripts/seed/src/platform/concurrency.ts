/**
 * Runs `task` over `items` (read lazily, so a generator streams) with at most `limit` in flight;
 * results in input order. After a failure no new task starts, and the first error is thrown.
 */
export async function mapConcurrently<T, R>(
  items: Iterable<T>,
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  const iterator = items[Symbol.iterator]();
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    for (let step = iterator.next(); !step.done && !failed; step = iterator.next()) {
      const index = next;
      next += 1;
      try {
        results[index] = await task(step.value, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, limit) }, worker));
  return results;
}
