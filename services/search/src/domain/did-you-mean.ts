import type { SearchLanguage } from '@pc/kit/ports/search-index';
import { allowedEdits, boundedEditDistance } from '@pc/text-analysis/edit-distance';
import { analyzeToken } from '@pc/text-analysis/analyze';
import { foldCase } from '@pc/text-analysis/fold';

const WORD = /[\p{L}\p{N}]+/gu;

interface Candidate {
  readonly display: string;
  readonly count: number;
}

/**
 * "Did you mean": the query with each word that the found documents do not hold replaced by
 * their nearest word (within the port's typo rule: 1 edit from 4 letters, 2 from 8; fewest edits,
 * then most frequent). `texts` are the texts of the documents the typo-tolerant search found.
 * Null when no word needed or found a correction.
 */
export function correctedQuery(query: string, language: SearchLanguage, texts: readonly string[]): string | null {
  const vocabulary = new Map<string, Candidate>();
  const stems = new Set<string>();
  for (const text of texts) {
    for (const [word] of text.matchAll(WORD)) {
      const folded = foldCase(word);
      vocabulary.set(folded, {
        display: vocabulary.get(folded)?.display ?? word.toLowerCase(),
        count: (vocabulary.get(folded)?.count ?? 0) + 1,
      });
      stems.add(analyzeToken(folded, language));
    }
  }
  let changed = false;
  const corrected = query.replace(WORD, (word) => {
    const folded = foldCase(word);
    if (vocabulary.has(folded) || stems.has(analyzeToken(folded, language))) return word;
    const replacement = nearest(folded, vocabulary);
    if (replacement === null) return word;
    changed = true;
    return replacement;
  });
  return changed ? corrected.trim() : null;
}

function nearest(word: string, vocabulary: ReadonlyMap<string, Candidate>): string | null {
  const max = allowedEdits(word);
  if (max === 0) return null;
  let best: { distance: number; count: number; display: string } | null = null;
  for (const [candidate, { display, count }] of vocabulary) {
    const distance = boundedEditDistance(word, candidate, max);
    if (distance > max) continue;
    if (best === null || distance < best.distance || (distance === best.distance && count > best.count))
      best = { distance, count, display };
  }
  return best?.display ?? null;
}
