// How many true matches the blocking keys would bring together: a matching pair that shares no
// key is never compared, so this bounds the recall of the whole matcher in the catalog.
import { titleBlockingKeys } from '../title.js';
import type { LabelledPair } from './ditto-pairs.js';

export interface BlockingRecall {
  readonly matches: number;
  /** Matching pairs whose records share at least one key. */
  readonly found: number;
  readonly keysPerRecord: number;
}

export function blockingRecall(pairs: readonly LabelledPair[]): BlockingRecall {
  let matches = 0;
  let found = 0;
  let keys = 0;
  for (const pair of pairs) {
    const left = titleBlockingKeys(pair.left.title, pair.left.brand);
    const right = new Set(titleBlockingKeys(pair.right.title, pair.right.brand));
    keys += left.length + right.size;
    if (!pair.isMatch) continue;
    matches += 1;
    if (left.some((key) => right.has(key))) found += 1;
  }
  return { matches, found, keysPerRecord: pairs.length === 0 ? 0 : keys / (2 * pairs.length) };
}
