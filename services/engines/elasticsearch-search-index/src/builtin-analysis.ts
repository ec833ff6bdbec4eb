import type { estypes } from '@elastic/elasticsearch';
import { SEARCH_LANGUAGES } from '@pc/kit/ports/search-index';
import { analyzeForIndex } from '@pc/text-analysis/analyze-for-index';
import { textPath } from './field-layout.js';
import type { TextAnalysis } from './text-analysis.js';

const SURFACE = 's';

/**
 * Pre-analysed text, the same terms the embedded adapter indexes (`@pc/text-analysis/analyze-for-index`):
 * per text field an object with `s` (folded surface tokens) and one field per language holding
 * that language's stems not already in `s`. Elasticsearch only splits them on spaces
 * (`whitespace`, which the minimal distribution has), and queries send analysed terms as `term`
 * queries, so matching cannot drift from the embedded adapter.
 */
export const builtinAnalysis: TextAnalysis = {
  mode: 'builtin',
  settings: undefined,
  mapping() {
    // Only frequencies: no phrase queries, so positions would be dead weight.
    const text: estypes.MappingProperty = { type: 'text', analyzer: 'whitespace', index_options: 'freqs' };
    const properties: Record<string, estypes.MappingProperty> = { [SURFACE]: text };
    for (const language of SEARCH_LANGUAGES) properties[language] = text;
    return { properties };
  },
  indexValue(text) {
    const terms = analyzeForIndex(text);
    const value: Record<string, string> = { [SURFACE]: terms.surface.join(' ') };
    for (const language of SEARCH_LANGUAGES) value[language] = terms.extra[language].join(' ');
    return value;
  },
  surfacePath: (field) => `${textPath(field)}.${SURFACE}`,
  languagePath: (field, language) => `${textPath(field)}.${language}`,
  termClauses(field, term, language, boost) {
    // Like the embedded FTS query: the stem, in the surface and the language's terms.
    return [this.surfacePath(field), this.languagePath(field, language)].map((path) => ({
      term: { [path]: { value: term.stem, boost } },
    }));
  },
};
