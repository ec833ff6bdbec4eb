import type { TFunction } from 'i18next';

const textsByLanguage = new Map<string, Map<string, string>>();
/** Texts with options ("{{count}} offers") are many more: the memory kept for them is bounded. */
const MAX_TEXTS_PER_LANGUAGE = 20_000;

/** A memo key for options of plain values (a count, a name), or null for anything else. */
function optionsKey(key: string, options: unknown): string | null {
  if (typeof options !== 'object' || options === null) return null;
  let memo = key;
  for (const [name, value] of Object.entries(options)) {
    if (typeof value !== 'string' && typeof value !== 'number') return null;
    memo += `\u0000${name}\u0000${value}`;
  }
  return memo;
}

/**
 * `t` with its texts remembered per language: a page asks for the same few words hundreds of
 * times (every card's "from", "{{count}} offers"), and messages do not change while it runs.
 */
export function cachedT(language: string, t: TFunction): TFunction {
  let texts = textsByLanguage.get(language);
  if (!texts) {
    texts = new Map();
    textsByLanguage.set(language, texts);
  }
  const known = texts;
  const cached = (key: string, options?: unknown) => {
    const memo = options === undefined ? key : optionsKey(key, options);
    if (memo === null) return (t as (k: string, o: unknown) => string)(key, options);
    let text = known.get(memo);
    if (text === undefined) {
      text = (t as (k: string, o?: unknown) => string)(key, options);
      if (known.size >= MAX_TEXTS_PER_LANGUAGE) known.clear();
      known.set(memo, text);
    }
    return text;
  };
  return cached as unknown as TFunction;
}
