import type { SearchLanguage } from './languages.js';

/**
 * The most common function words per language, folded. Deliberately short: in product search
 * "für", "pour" or "with" rarely appear in titles, and with AND semantics one of them in a query
 * would otherwise exclude good matches. Words like "pro", "plus" or "max" are product names, not
 * stop words, and are not listed.
 */
const STOPWORDS: Readonly<Record<SearchLanguage, ReadonlySet<string>>> = {
  de: words(
    'der die das den dem des ein eine einen einem einer eines und oder mit fur von vom zu zum zur im in am an auf aus bei fuer',
  ),
  en: words('a an the and or of for with to in on at by from'),
  fr: words('le la les un une des du de et ou pour avec sans en au aux a sur par'),
  it: words('il lo la i gli le un uno una di del della dei delle da e o per con in su al alla'),
  pt: words('o a os as um uma de do da dos das e ou para com em no na por ao'),
  es: words('el la los las un una de del y o para con en por al sin'),
};

function words(list: string): ReadonlySet<string> {
  return new Set(list.split(' '));
}

/** Whether a folded, unstemmed token is a function word of the language. */
export function isStopword(token: string, language: SearchLanguage): boolean {
  return STOPWORDS[language].has(token);
}
