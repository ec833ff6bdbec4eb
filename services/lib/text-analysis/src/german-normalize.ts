/** After a consonant or at the start: a following 'u' may open an umlaut spelling. */
const CONSONANT = 0;
/** After 'a', 'o' or a 'u' that may be an umlaut: a following 'e' is the umlaut's 'e'. */
const UMLAUT = 1;
const VOWEL = 2;

/**
 * Treats the transliterated umlauts 'ae', 'oe', 'ue' as 'a', 'o', 'u' (after folding 'ä' is 'a'),
 * so 'Kuehlschraenke' meets 'Kühlschränke'. Same state machine as Lucene's
 * GermanNormalizationFilter (Elasticsearch `german_normalization`), which keeps 'ue' after a
 * vowel ('neue', 'feuer') and after 'q' ('quelle'). Input must already be folded.
 */
export function normalizeGerman(token: string): string {
  let out = '';
  let state: number = CONSONANT;
  for (const c of token) {
    switch (c) {
      case 'a':
      case 'o':
        state = UMLAUT;
        break;
      case 'u':
        state = state === CONSONANT ? UMLAUT : VOWEL;
        break;
      case 'e':
        if (state === UMLAUT) {
          state = VOWEL;
          continue;
        }
        state = VOWEL;
        break;
      case 'i':
      case 'q':
      case 'y':
        state = VOWEL;
        break;
      default:
        state = CONSONANT;
    }
    out += c;
  }
  return out;
}
