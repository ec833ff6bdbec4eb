import type { SearchLanguage } from '@pc/kit/ports/search-index';
import { analyzeToken } from '@pc/text-analysis/analyze';
import { foldCase } from '@pc/text-analysis/fold';
import { analyzeQuery, type QueryTerm } from '@pc/text-analysis/query-analysis';

const WORD = /[\p{L}\p{N}]+/gu;
const HTML: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML[char] ?? char);
}

/**
 * `text` HTML-escaped, with the words that match the query wrapped in <em>…</em>: the same word
 * after folding, the same stem in the query's language, or — for the word still being typed — a
 * word it starts. Null when nothing matches (no highlight to show).
 */
export function highlight(text: string, query: string, language: SearchLanguage): string | null {
  const analyzed = analyzeQuery(query, language);
  if (analyzed.terms.length === 0) return null;
  const last = analyzed.terms.length - 1;
  let matched = false;
  let result = '';
  let position = 0;
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const index = match.index ?? 0;
    const hit = analyzed.terms.some((term, i) =>
      wordMatches(word, term, language, analyzed.lastIsPartial && i === last),
    );
    result += escapeHtml(text.slice(position, index)) + (hit ? `<em>${escapeHtml(word)}</em>` : escapeHtml(word));
    position = index + word.length;
    matched ||= hit;
  }
  return matched ? result + escapeHtml(text.slice(position)) : null;
}

function wordMatches(word: string, term: QueryTerm, language: SearchLanguage, partial: boolean): boolean {
  const folded = foldCase(word);
  if (folded === term.surface || folded === term.normalized) return true;
  if (partial && term.surface.length >= 2 && folded.startsWith(term.surface)) return true;
  return analyzeToken(folded, language) === term.stem;
}
