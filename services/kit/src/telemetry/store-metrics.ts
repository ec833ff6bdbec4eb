import type { Meter } from '@opentelemetry/api';
import { storeOperations, type OperationTally } from './operation-tally.js';

/**
 * The embedded document store's operations on `/metrics`, per collection and kind:
 * `store_operations_total` and `store_operation_seconds_total` (the time they held the
 * thread). Per 1,000 events handled, they say what a workflow costs in reads, writes and commits.
 * Read when scraped: counting costs the store two clock reads per operation, nothing more.
 */
export function registerStoreMetrics(meter: Meter, tally: OperationTally = storeOperations): void {
  const operations = meter.createObservableCounter('store.operations', {
    description:
      'Embedded document store operations, by collection and operation (commit: a group commit, collection "")',
  });
  const time = meter.createObservableCounter('store.operation.seconds', {
    description: 'Time the embedded document store operations held the thread, by collection and operation',
    unit: 's',
  });
  meter.addBatchObservableCallback(
    (result) => {
      for (const { collection, operation, count, seconds } of tally.counts()) {
        const attributes = { collection, operation };
        result.observe(operations, count, attributes);
        result.observe(time, seconds, attributes);
      }
    },
    [operations, time],
  );
}
