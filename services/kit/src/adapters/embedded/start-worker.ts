import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Starts the worker thread whose entry is `<name>.js` beside the calling module (`dir`). Built
 * code runs that file; sources under jest register the same TypeScript loader in the thread.
 */
export function startWorker(dir: string, name: string, workerData: unknown): Worker {
  const extension = extname(__filename);
  const entry = join(dir, `${name}${extension}`);
  if (extension !== '.ts') return new Worker(entry, { workerData });
  const register = join(__dirname, '..', '..', 'testing', 'ts-register.cjs');
  return new Worker(`require(${JSON.stringify(register)}); require(${JSON.stringify(entry)});`, { eval: true, workerData });
}
