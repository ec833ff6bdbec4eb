/**
 * Queues the writes of one process to one document (keyed by database, collection and id),
 * across every store instance of the process.
 *
 * Why: FerretDB v1 evaluates an update's filter and then rewrites the documents it found by
 * `_id`, in two steps, so two conditional writes of one version can both "match" and the
 * second overwrite the first. MongoDB applies a filtered write atomically per document, and
 * there the queue only saves the losers of a local race their retry. Writers in other
 * processes still race on the server, which MongoDB settles and FerretDB v1 does not.
 */
const tails = new Map<string, Promise<void>>();

async function acquire(key: string): Promise<() => void> {
  const previous = tails.get(key) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = previous.then(() => mine);
  tails.set(key, tail);
  await previous;
  return () => {
    release();
    if (tails.get(key) === tail) tails.delete(key);
  };
}

/** Runs `fn` holding the locks of `keys`, taken in sorted order so two batches never deadlock. */
export async function withDocumentLocks<R>(keys: readonly string[], fn: () => Promise<R>): Promise<R> {
  const releases: (() => void)[] = [];
  try {
    for (const key of [...new Set(keys)].sort()) releases.push(await acquire(key));
    return await fn();
  } finally {
    for (const release of releases.reverse()) release();
  }
}
