import { dirname, extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { TS_REGISTER } from '../testing/ts-register.js';

/**
 * Starts a worker thread from a module beside `callerFile` (pass `__filename`), by module name
 * (`query-thread`, `click-fold-thread`). Built code runs the `.js`; sources (jest) register the same
 * TypeScript loader in the thread first.
 */
export function startWorker(callerFile: string, module: string, workerData: unknown): Worker {
  const extension = extname(callerFile);
  const entry = join(dirname(callerFile), `${module}${extension}`);
  if (extension !== '.ts') return new Worker(entry, { workerData });
  return new Worker(`require(${JSON.stringify(TS_REGISTER)}); require(${JSON.stringify(entry)});`, {
    eval: true,
    workerData,
  });
}
