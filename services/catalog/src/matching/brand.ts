// Brand names arrive as "Hewlett-Packard Inc.", "HP", "hewlett packard", "Sony Corporation":
// the key folds case, accents, punctuation and legal forms so that the spellings of one company
// compare equal, and `brandsAgree` adds the few relations a key cannot express.

/** Legal-form words dropped from the end of a name (several may follow each other: "GmbH & Co KG"). */
const LEGAL_SUFFIXES = new Set([
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'ltd',
  'limited',
  'llc',
  'llp',
  'plc',
  'gmbh',
  'ag',
  'kg',
  'kgaa',
  'se',
  'sa',
  'sas',
  'sarl',
  'srl',
  'spa',
  'bv',
  'nv',
  'oy',
  'oyj',
  'ab',
  'as',
  'asa',
  'aps',
  'pty',
  'pte',
  'kk',
  'ug',
  'mbh',
  'and',
  'intl',
  'international',
]);

/** A legal-form word ("inc", "corp", "gmbh"): part of a company's name, never of a model's. */
export const isLegalFormWord = (word: string): boolean => LEGAL_SUFFIXES.has(word);

/** Names that are the same company though no spelling rule relates them. Keys on both sides. */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['hp', 'hewlettpackard'],
  ['hpe', 'hewlettpackardenterprise'],
  ['wd', 'westerndigital'],
  ['vw', 'volkswagen'],
  ['bmw', 'bayerischemotorenwerke'],
  ['ge', 'generalelectric'],
  ['ti', 'texasinstruments'],
]);

/** Lower-cased words of a brand name, accents folded and punctuation dropped. */
function brandWords(raw: string): string[] {
  return (
    raw
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      // Dotted abbreviations are one word: "S.A." is "sa", "S.p.A." is "spa".
      .replace(/\b((?:[a-z]\.){2,})/g, (abbreviation: string) => `${abbreviation.replace(/\./g, '')} `)
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
      .split(' ')
      .filter((word) => word !== '')
  );
}

/** The words of a brand name without its legal form: "Apple Inc." → ["apple"]. A name made
 *  only of legal words ("AG") keeps them, as dropping everything would lose the brand. */
export function brandNameWords(raw: string): string[] {
  const words = brandWords(raw);
  while (words.length > 1 && LEGAL_SUFFIXES.has(words[words.length - 1] ?? '')) words.pop();
  return words;
}

/** Comparison key of a brand name: lower-case, diacritics folded, punctuation dropped, legal
 *  suffixes (Inc, GmbH, AG, Ltd, Corp, ...) removed. "Hewlett-Packard Inc." and
 *  "hewlett packard" give the same key. '' when empty. */
export function brandKey(raw: string): string {
  return brandNameWords(raw).join('');
}

/** Whether two brand keys name the same maker: equal, an alias pair, or one is the other plus
 *  trailing words ("griffin" / "griffin technology", "lg" / "lg electronics"). */
export function brandsAgree(keyA: string, keyB: string): boolean {
  if (keyA === '' || keyB === '') return false;
  if (keyA === keyB || (ALIASES.get(keyA) ?? keyA) === (ALIASES.get(keyB) ?? keyB)) return true;
  const [shorter, longer] = keyA.length <= keyB.length ? [keyA, keyB] : [keyB, keyA];
  return shorter.length >= 2 && longer.startsWith(shorter) && longer.length - shorter.length >= 4;
}
