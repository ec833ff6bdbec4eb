/**
 * The three count forms of spec §9 ("zero", "one", "two or more"), chosen with the language's
 * own rules: Intl.PluralRules says which numbers read as singular (French: 0 and 1 are "one",
 * but an explicit zero message wins for 0).
 */
export type CountForm = 'zero' | 'one' | 'many';

const rulesCache = new Map<string, Intl.PluralRules>();

function rulesFor(language: string): Intl.PluralRules {
  let rules = rulesCache.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    rulesCache.set(language, rules);
  }
  return rules;
}

export function countForm(count: number, language: string): CountForm {
  if (count === 0) return 'zero';
  return rulesFor(language).select(count) === 'one' ? 'one' : 'many';
}
