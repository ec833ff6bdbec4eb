import type { estypes } from '@elastic/elasticsearch';
import { SEARCH_LANGUAGES, type SearchLanguage } from '@pc/kit/ports/search-index';
import { textPath } from './field-layout.js';
import type { TextAnalysis } from './text-analysis.js';

/** Snowball, as `@pc/text-analysis/stem` uses (the stock `german` analyzer has a light stemmer instead). */
const SNOWBALL: Readonly<Record<SearchLanguage, estypes.AnalysisSnowballLanguage>> = {
  de: 'German',
  en: 'English',
  fr: 'French',
  it: 'Italian',
  pt: 'Portuguese',
  es: 'Spanish',
};

/** Elided articles (fr/it) and the English possessive, dropped like `@pc/text-analysis/tokenize` does. */
const DROPPED: Partial<Record<SearchLanguage, readonly string[]>> = {
  fr: ['l', 'm', 't', 'qu', 'n', 's', 'j', 'd', 'c', 'jusqu', 'quoiqu', 'lorsqu', 'puisqu'],
  it: [
    'c',
    'l',
    'all',
    'dall',
    'dell',
    'nell',
    'sull',
    'coll',
    'pell',
    'gl',
    'agl',
    'dagl',
    'degl',
    'negl',
    'sugl',
    'un',
    'm',
    't',
    's',
    'v',
    'd',
  ],
  en: ['s'],
};

/**
 * Analysis by Elasticsearch itself, for production clusters (analysis-common present): the same
 * chain as `@pc/text-analysis` — split on anything but letters and digits, lower case, fold, German
 * normalisation, Snowball — built from Elasticsearch's own filters. Codes with digits and words
 * under three letters are not stemmed, as in `@pc/text-analysis/stem`. Not available on the integ-test
 * distribution, so it is covered by unit tests of the settings only (see README).
 */
export const languageAnalysis: TextAnalysis = {
  mode: 'language',
  settings: languageSettings(),
  mapping() {
    const fields: Record<string, estypes.MappingProperty> = {};
    for (const language of SEARCH_LANGUAGES)
      fields[language] = { type: 'text', analyzer: `pc_${language}`, index_options: 'freqs' };
    return { type: 'text', analyzer: 'pc_fold', index_options: 'freqs', fields };
  },
  indexValue: (text) => text,
  surfacePath: (field) => textPath(field),
  languagePath: (field, language) => `${textPath(field)}.${language}`,
  termClauses(field, term, language, boost) {
    // The typed word goes through each field's analyzer, so the language field stems it.
    return [this.surfacePath(field), this.languagePath(field, language)].map((path) => ({
      match: { [path]: { query: term.surface, boost } },
    }));
  },
};

function languageSettings(): estypes.IndicesIndexSettingsAnalysis {
  const filter: Record<string, estypes.AnalysisTokenFilter> = {
    pc_unstemmed: { type: 'keyword_marker', keywords_pattern: '.*\\p{N}.*|.{1,2}' },
  };
  const analyzer: Record<string, estypes.AnalysisAnalyzer> = {
    pc_fold: { type: 'custom', tokenizer: 'pc_words', filter: ['lowercase', 'asciifolding'] },
  };
  for (const language of SEARCH_LANGUAGES) {
    filter[`pc_snowball_${language}`] = { type: 'snowball', language: SNOWBALL[language] };
    const chain = ['lowercase', 'asciifolding'];
    const dropped = DROPPED[language];
    if (dropped !== undefined) {
      filter[`pc_drop_${language}`] = { type: 'stop', stopwords: [...dropped] };
      chain.push(`pc_drop_${language}`);
    }
    if (language === 'de') chain.push('german_normalization');
    chain.push('pc_unstemmed', `pc_snowball_${language}`);
    analyzer[`pc_${language}`] = { type: 'custom', tokenizer: 'pc_words', filter: chain };
  }
  return {
    tokenizer: { pc_words: { type: 'pattern', pattern: '[^\\p{L}\\p{N}]+' } },
    filter,
    analyzer,
  };
}
