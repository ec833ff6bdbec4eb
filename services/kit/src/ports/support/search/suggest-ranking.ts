import { splitWords, tokensOf } from '@pc/text-analysis/tokenize';

/** A candidate completion: its analysed key, the text to show, and how many documents hold it. */
export interface Completion {
  readonly key: string;
  readonly display: string;
  readonly docs: number;
}

/**
 * The suggestions of the port, the same for every adapter: for a one-word prefix, phrases and
 * words together by document count (then key); for longer prefixes, phrases first. Completions
 * that analyse to the same terms are shown once, the first wins.
 */
export function rankCompletions(
  phrases: readonly Completion[],
  words: readonly Completion[],
  singleWordPrefix: boolean,
  limit: number,
): string[] {
  const ranked = singleWordPrefix ? [...phrases, ...words].sort(byDocs) : [...phrases, ...words];
  const seen = new Set<string>();
  const result: string[] = [];
  for (const { display } of ranked) {
    const key = tokensOf(splitWords(display)).join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(display);
    if (result.length === limit) break;
  }
  return result;
}

function byDocs(a: Completion, b: Completion): number {
  return b.docs - a.docs || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}
