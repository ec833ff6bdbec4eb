import type { Document } from '../../../../ports/document-store.js';

export interface CrashDocument extends Document {
  readonly round: number;
  readonly n: number;
  readonly k: number;
  readonly payload: string;
  readonly nested: { readonly list: readonly (number | string)[]; readonly note: string };
}

/** The content a document id stands for, so the test can check it without the child's help. */
export function crashDocument(round: number, n: number, k: number): CrashDocument {
  return {
    _id: `r${round}-n${n}-k${k}`,
    round,
    n,
    k,
    payload: `${'x'.repeat(300 + ((n * 31 + k) % 200))}-${n}-${k}`,
    nested: { list: [n, k, `ü${n}`], note: 'Grüße 🧀' },
  };
}

export const CRASH_BATCH_SIZE = 25;
