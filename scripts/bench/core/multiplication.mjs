// What multiply-platform.mjs has done to a data dir, for itself (to go on) and for run.mjs (which
// parts a dir can measure, and which product ids exist in it).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Written by a run that multiplied every store. */
export const DONE_FILE = '.multiplied';
/** The run's factor, the originals' extent and the parts done so far, while not every part is. */
export const PROGRESS_FILE = '.multiplying.json';

/** Copy k's id of a product, offer link or review (k ≥ 1); copy 0 is the original. */
export const copyId = (id, k) => (id && k > 0 ? `${id}-m${k}` : id);

/**
 * null for a dir that was never multiplied; else its factor, whether every part is done, and
 * which parts are (`offers`, `catalog`, `search`).
 */
export function multiplicationOf(dataDir) {
  if (existsSync(join(dataDir, DONE_FILE))) {
    const factor = Number(/×(\d+)/.exec(readFileSync(join(dataDir, DONE_FILE), 'utf8'))?.[1]);
    return { factor, complete: true, partsDone: ['offers', 'catalog', 'search'] };
  }
  if (!existsSync(join(dataDir, PROGRESS_FILE))) return null;
  const { factor, partsDone = [] } = JSON.parse(readFileSync(join(dataDir, PROGRESS_FILE), 'utf8'));
  return { factor, complete: false, partsDone };
}
