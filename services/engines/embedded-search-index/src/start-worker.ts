import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { TS_REGISTER } from '@pc/kit/testing/ts-register';

/**
 * Starts a worker of this package by its module name (`query-thread`, `storage-thread`). Built
 * code runs the `.js`; sources (jest) register the same TypeScript loader in the thread.
 */
export function startWorker(module: string, workerData: unknown): Worker {
  const extension = extname(__filename);
  const entry = join(__dirname, `${module}${extension}`);
  if (extension !== '.ts') return new Worker(entry, { workerData });
  return new Worker(`require(${JSON.stringify(TS_REGISTER)}); require(${JSON.stringify(entry)});`, {
    eval: true,
    workerData,
  });
}
