import type { Document } from '@pc/kit/ports/document-store';

export interface CrashDocument extends Document {
  readonly round: number;
  readonly n: number;
  readonly k: number;
  readonly payload: string;
  readonly nested: { readonly list: readonly (number | string)[]; readonly note: string };
  /** A side field of the writer's collection: in the side table when it holds something. */
  readonly staged: readonly string[];
}

export const CRASH_SIDE_FIELDS: readonly string[] = ['staged'];

/** The content a document id stands for, so the test can check it without the child's help. */
export function crashDocument(round: number, n: number, k: number): CrashDocument {
  return {
    _id: `r${round}-n${n}-k${k}`,
    round,
    n,
    k,
    payload: `${'x'.repeat(300 + ((n * 31 + k) % 200))}-${n}-${k}`,
    nested: { list: [n, k, `ü${n}`], note: 'Grüße 🧀' },
    staged: k % 3 === 0 ? [`event ${n}-${k} ${'e'.repeat(1000)}`] : [],
  };
}

export const CRASH_BATCH_SIZE = 25;
