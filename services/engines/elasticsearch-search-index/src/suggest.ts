import type { estypes } from '@elastic/elasticsearch';
import { splitWords, tokensOf } from '@pc/text-analysis/tokenize';
import { rankCompletions } from '@pc/kit/ports/support/search/suggest-ranking';
import { PAIR_SEPARATOR, SUGGEST_DISPLAY, SUGGEST_PAIR, SUGGEST_PHRASE, SUGGEST_WORD } from './field-layout.js';
import type { IndexContext } from './index-context.js';
import { startingWith } from './lucene-regex.js';

const LAST_WORD = /[\p{L}\p{M}\p{N}]+$/u;
/** Display forms looked at per word: a document rarely holds more words with the same prefix. */
const PAIRS_PER_WORD = 50;

type Bucket = { key: string; doc_count: number; display?: { buckets: { key: string }[] } };

/**
 * Completions of a prefix, ranked like the embedded adapter (`suggest-query.ts`): suggest values
 * starting with the folded prefix and words starting with the word being typed, by the number of
 * documents holding them (then key); after several words, whole values first. Counts come from
 * terms aggregations over live documents, so deleted documents stop suggesting at once.
 */
export async function suggestCompletions(context: IndexContext, prefix: string, limit: number): Promise<string[]> {
  const tokens = tokensOf(splitWords(prefix));
  const last = tokens[tokens.length - 1];
  if (last === undefined) return [];
  const typingWord = LAST_WORD.exec(prefix);
  const phraseKey = tokens.join(' ') + (typingWord === null ? ' ' : '');
  const order = [{ _count: 'desc' as const }, { _key: 'asc' as const }];
  const aggs: Record<string, estypes.AggregationsAggregationContainer> = {
    phrases: {
      filter: { prefix: { [SUGGEST_PHRASE]: phraseKey } },
      aggs: {
        keys: {
          terms: { field: SUGGEST_PHRASE, size: limit, order },
          aggs: { display: { terms: { field: SUGGEST_DISPLAY, size: 1 } } },
        },
      },
    },
  };
  if (typingWord !== null) {
    const include = startingWith(last);
    aggs['words'] = {
      filter: { prefix: { [SUGGEST_WORD]: last } },
      aggs: {
        keys: {
          terms: { field: SUGGEST_WORD, size: limit, order, include },
          aggs: { display: { terms: { field: SUGGEST_PAIR, size: PAIRS_PER_WORD, include } } },
        },
      },
    };
  }
  const response = await context.client.search({ index: context.index, size: 0, track_total_hits: false, aggs });
  const phrases = bucketsOf(response.aggregations, 'phrases').map((bucket) => ({
    key: bucket.key,
    display: bucket.display?.buckets[0]?.key ?? bucket.key,
    docs: bucket.doc_count,
  }));
  const head = typingWord === null ? '' : prefix.slice(0, typingWord.index);
  const words = bucketsOf(response.aggregations, 'words').map((bucket) => ({
    key: bucket.key,
    display: head + wordDisplay(bucket),
    docs: bucket.doc_count,
  }));
  return rankCompletions(phrases, words, tokens.length === 1, limit);
}

function bucketsOf(aggregations: unknown, name: string): Bucket[] {
  return ((aggregations as Record<string, { keys?: { buckets?: Bucket[] } }> | undefined)?.[name]?.keys?.buckets ??
    []) as Bucket[];
}

/** The word as written in the documents (with its diacritics), from its `key\u001fdisplay` pairs. */
function wordDisplay(bucket: Bucket): string {
  const pair = bucket.display?.buckets.find(({ key }) => key.startsWith(bucket.key + PAIR_SEPARATOR));
  return pair === undefined ? bucket.key : pair.key.slice(bucket.key.length + 1);
}
