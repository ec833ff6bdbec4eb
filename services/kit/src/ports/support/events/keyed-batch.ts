/** How a batch handed out by `runKeyedBatch` ended. */
export interface KeyedBatchOutcome<R> {
  /** Records at the head of the batch that were handled, without a gap. */
  readonly handled: number;
  /** The record right after them failed (its first attempt), with this error. */
  readonly failure?: { readonly error: unknown };
  /** Records handled after the gap: a consumer that fetches them again may skip them. */
  readonly handledAfterGap: readonly R[];
}

type RecordState = 'waiting' | 'running' | 'done' | 'failed';

/**
 * Runs `handle` over a batch of one partition with up to `concurrency` records at once: records
 * with one key one after the other, in order; different keys concurrently. After the first
 * failure (or once `stopped()` turns true) no further record starts; it resolves when every
 * started record has settled. Shared by the embedded and the Kafka adapter
 * (SubscriptionSpec.concurrency).
 */
export function runKeyedBatch<R extends { readonly key: string }>(
  batch: readonly R[],
  concurrency: number,
  handle: (record: R) => Promise<void>,
  stopped: () => boolean,
  alreadyHandled: (record: R) => boolean = () => false,
): Promise<KeyedBatchOutcome<R>> {
  const state: RecordState[] = batch.map((record) => (alreadyHandled(record) ? 'done' : 'waiting'));
  const errors = new Map<number, unknown>();
  // Per key, the indexes still to run, in order; `ready` holds the keys whose next record may start.
  const queues = new Map<string, number[]>();
  batch.forEach((record, i) => {
    if (state[i] === 'done') return;
    const queue = queues.get(record.key);
    if (queue) queue.push(i);
    else queues.set(record.key, [i]);
  });
  const ready = [...queues.keys()];
  let inFlight = 0;
  let failed = false;
  const halted = () => failed || stopped();

  return new Promise((resolve) => {
    const settleIfIdle = () => {
      if (inFlight === 0 && (ready.length === 0 || halted())) resolve(outcome(batch, state, errors));
    };
    const launch = () => {
      while (inFlight < concurrency && ready.length > 0 && !halted()) {
        const key = ready.shift()!;
        const index = queues.get(key)!.shift()!;
        state[index] = 'running';
        inFlight += 1;
        Promise.resolve()
          .then(() => handle(batch[index]!))
          .then(
            () => {
              state[index] = 'done';
              if (queues.get(key)!.length > 0) ready.push(key);
            },
            (error: unknown) => {
              state[index] = 'failed';
              errors.set(index, error);
              failed = true;
            },
          )
          .finally(() => {
            inFlight -= 1;
            launch();
            settleIfIdle();
          });
      }
    };
    launch();
    settleIfIdle();
  });
}

function outcome<R>(
  batch: readonly R[],
  state: readonly RecordState[],
  errors: ReadonlyMap<number, unknown>,
): KeyedBatchOutcome<R> {
  const gap = state.findIndex((s) => s !== 'done');
  if (gap === -1) return { handled: state.length, handledAfterGap: [] };
  const handledAfterGap = batch.filter((_, i) => i > gap && state[i] === 'done');
  return state[gap] === 'failed'
    ? { handled: gap, failure: { error: errors.get(gap) }, handledAfterGap }
    : { handled: gap, handledAfterGap };
}
