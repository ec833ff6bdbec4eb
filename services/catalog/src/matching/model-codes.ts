// Model codes are the strongest evidence a title carries: two titles that share "q3675a" almost
// surely describe one product, two that carry different codes almost surely do not. Shops add
// region or colour suffixes ("skx007k" / "skx007k1", "pn63a650" / "pn63a650t") and split codes
// differently ("dav-is50 / b"); but two different suffixes on one base are usually two colours
// of a model ("dvpfx820w" / "dvpfx820l"), which a price comparison keeps apart.

/** Longest suffix one shop may append to a code ("lla", "b", "k1"). */
const MAX_CODE_SUFFIX = 3;
/** Codes shorter than this must be equal; a prefix of a short code is too weak to link on. */
const MIN_BASE_CODE_LENGTH = 5;

/** How two codes relate: the same model (also behind a seller's prefix), one a suffixed form of
 *  the other (same model or a variant of it), two variants of one base, or unrelated. */
export type CodeRelation = 'same' | 'suffixed' | 'sibling' | 'unrelated';

const isDigit = (char: string | undefined): boolean => char !== undefined && char >= '0' && char <= '9';

function commonPrefixLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length += 1;
  return length;
}

/** Longest letters-only prefix a seller puts before a maker's code: a vendor tag ("swi" of
 *  "swi74030", "lac" of "lac130980") or the brand itself ("lexmark" of "lexmarkpro901"). */
const MAX_SELLER_PREFIX = 8;

/** Whether `longer` is `shorter` behind a letters-only prefix, without lengthening a digit run. */
function isPrefixed(shorter: string, longer: string): boolean {
  if (shorter.length < MIN_BASE_CODE_LENGTH || !/\d/.test(shorter) || !longer.endsWith(shorter)) return false;
  const prefix = longer.slice(0, longer.length - shorter.length);
  return prefix.length <= MAX_SELLER_PREFIX && /^[a-z]+$/.test(prefix);
}

export function codeRelation(a: string, b: string): CodeRelation {
  if (a === b) return 'same';
  if (a.length < b.length ? isPrefixed(a, b) : isPrefixed(b, a)) return 'same';
  const base = commonPrefixLength(a, b);
  const suffixA = a.length - base;
  const suffixB = b.length - base;
  if (base < MIN_BASE_CODE_LENGTH || suffixA > MAX_CODE_SUFFIX || suffixB > MAX_CODE_SUFFIX) return 'unrelated';
  // A difference that lengthens or changes a digit run is another model ("gt430" / "gt4300").
  if (isDigit(a[base - 1]) && (isDigit(a[base]) || isDigit(b[base]))) return 'unrelated';
  if (suffixA === 0 || suffixB === 0) return 'suffixed';
  // One colour spelled two ways ("ysp4000bk" / "ysp-4000bl", "nxu10sil" / "nx-u10sl") is one model.
  return sameColourSuffix(a, b, base) ? 'same' : 'sibling';
}

/** Colour suffixes of model codes, several spellings each ("bk", "blk" black; "sl", "sil" silver).
 *  "bl" is black for some makers and blue for others, so it agrees with both. */
const COLOUR_SUFFIXES: ReadonlyArray<readonly string[]> = [
  ['b', 'bk', 'blk', 'bl'],
  ['s', 'sl', 'sil', 'slv'],
  ['w', 'wh', 'wht'],
  ['r', 'rd'],
  ['bl', 'blu', 'bu'],
  ['g', 'gr', 'gry', 'gy'],
];

/** Whether two codes end in spellings of one colour after a common base; the spellings may
 *  share letters that the common prefix took ("nxu10s" + "il" / "l"). */
function sameColourSuffix(a: string, b: string, base: number): boolean {
  for (let cut = base; cut >= base - 2 && cut >= MIN_BASE_CODE_LENGTH; cut -= 1) {
    const x = a.slice(cut);
    const y = b.slice(cut);
    if (COLOUR_SUFFIXES.some((spellings) => spellings.includes(x) && spellings.includes(y))) return true;
  }
  return false;
}

/** Whether a code occurs in another title's compact text (all letters and digits joined), not
 *  as part of a longer digit run: finds codes that the other shop wrote with spaces inside. */
export function codeFoundIn(code: string, compact: string): boolean {
  if (code.length < MIN_BASE_CODE_LENGTH) return false;
  for (let at = compact.indexOf(code); at >= 0; at = compact.indexOf(code, at + 1)) {
    const extendsDigitsBefore = isDigit(code[0]) && isDigit(compact[at - 1]);
    const extendsDigitsAfter = isDigit(code[code.length - 1]) && isDigit(compact[at + code.length]);
    if (!extendsDigitsBefore && !extendsDigitsAfter) return true;
  }
  return false;
}
