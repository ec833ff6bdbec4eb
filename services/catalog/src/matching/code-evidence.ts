// What the model codes of two titles say about them being one product.
import { normalizeGtin } from './gtin.js';
import { codeFoundIn, codeRelation } from './model-codes.js';
import type { TitleProfile } from './title-profile.js';

/** A shared code; a code the other title carries with a suffix; two suffixes on one base
 *  ("kxtsc14b" / "kxtsc14w": two colours, or one colour spelled two ways); codes that disagree;
 *  a code only one title carries; no codes at all. */
export type CodeEvidence = 'same' | 'suffixed' | 'sibling' | 'conflict' | 'one-sided' | 'none';

/** Whether a code holds letters: digit-only codes are often a shop's article number or a
 *  barcode, which cannot contradict a manufacturer's lettered code. */
const isLettered = (code: string): boolean => /[a-z]/.test(code);

type CodeSort = 'lettered' | 'digits' | 'barcode';

/** A barcode printed in a title ("4718755065736") says nothing against a shop's article number
 *  ("83015"): it can only contradict another barcode. */
const sortOf = (code: string): CodeSort =>
  isLettered(code) ? 'lettered' : /^\d{12,14}$/.test(code) && normalizeGtin(code) !== null ? 'barcode' : 'digits';

/** Codes of `from` that another title carries too: related as 'same' to one of its whole codes
 *  or pieces, or written in it with spaces inside. */
function sharedCodes(from: TitleProfile, to: TitleProfile): Set<string> {
  // The code of the device an accessory fits is no evidence that the accessory is that device.
  const fitted = (code: string): boolean => to.tokens.get(code)?.fitsDevice === true;
  const others = [...to.codes, ...to.codeParts].filter((code) => !fitted(code));
  const foundIn = (code: string): boolean =>
    from.tokens.get(code)?.group === 'cpu' ? processorFoundIn(code, to) : codeFoundIn(code, to.compact);
  return new Set(
    from.codes.filter(
      (code) => others.some((other) => codeRelation(code, other) === 'same') || (!fitted(code) && foundIn(code)),
    ),
  );
}

/** A processor model is not found inside another one ("i7-7700" in "i7-7700k"): where the other
 *  title names processors, it must name this one; where it names none, it may write it apart. */
function processorFoundIn(model: string, other: TitleProfile): boolean {
  let namesProcessors = false;
  for (const token of other.tokens.values()) {
    if (token.group !== 'cpu') continue;
    if (token.text === model) return true;
    namesProcessors = true;
  }
  return !namesProcessors && codeFoundIn(model, other.compact);
}

/** A code read in the page text after a web title's name literal. */
const isAfterName = (profile: TitleProfile, code: string): boolean => profile.tokens.get(code)?.afterName === true;

/** The record's model code: its MPN field when that is a lettered code (a feed's own part
 *  number outranks a longer line code of its title: "ptk640" over "intuos4"), else the longest
 *  lettered code of the title's name (of the whole title when the name has none), its most
 *  specific, where shorter shared codes are often a product line or the device an accessory
 *  fits ("n150", "gt430", "tf101"). */
function principalCode(profile: TitleProfile): string | undefined {
  if (isLettered(profile.partNumber)) return profile.partNumber;
  const lettered = profile.codes.filter(isLettered);
  // The page text after a web title's name may list other products' codes.
  const ofName = lettered.filter((code) => !isAfterName(profile, code));
  return (ofName.length > 0 ? ofName : lettered).sort((x, y) => y.length - x.length)[0];
}

/** Whether a code relates to any code of the other title, or is written in it. */
function relatesTo(code: string, other: TitleProfile): boolean {
  return (
    [...other.codes, ...other.codeParts].some((code2) => codeRelation(code, code2) !== 'unrelated') ||
    codeFoundIn(code, other.compact)
  );
}

/** Whether a code relates to a code of the other title's name, or is written in that name (the
 *  page text after it left out). */
function relatesToName(code: string, other: TitleProfile): boolean {
  const related = [...other.codes, ...other.codeParts].some(
    (code2) => !isAfterName(other, code2) && codeRelation(code, code2) !== 'unrelated',
  );
  return related || codeFoundIn(code, other.nameCompact);
}

/** A web title's page text may name other products' codes ("Shop Panerai PAM00346" beside a
 *  PAM00323): where a title has such text, two principal codes of the names must relate there. */
function namesDisagree(a: TitleProfile, b: TitleProfile, principalA: string, principalB: string): boolean {
  if (!a.hasPageText && !b.hasPageText) return false;
  if (isAfterName(a, principalA) || isAfterName(b, principalB)) return false;
  return !relatesToName(principalA, b) && !relatesToName(principalB, a);
}

/** Whether the two names share a code at least as long as either principal code: a part number
 *  both shops give ("235065-002 hp 36.4gb ultra3" / "235065-002 hp 36.4-gb u160"), which the
 *  longest lettered codes (here interface names) do not outrank. */
function sharesSpecificNameCode(
  a: TitleProfile,
  sharedA: ReadonlySet<string>,
  b: TitleProfile,
  length: number,
): boolean {
  const inNameOfB = (code: string): boolean =>
    (b.tokens.has(code) && !isAfterName(b, code)) || codeFoundIn(code, b.nameCompact);
  return [...sharedA].some((code) => code.length >= length && !isAfterName(a, code) && inNameOfB(code));
}

/** Variants of one base are evidence against even when a series number is shared ("10700
 *  series"), unless one of them is itself shared (a title listing the variants of a product:
 *  "pld4555rfc ... pld4555ss"). So are principal codes that relate to nothing on the other side,
 *  though a line code is shared ("belkin n150 ... f7d1101" / "belkin n150 ... f9l1001"), or to
 *  nothing in the other web title's name. Then a shared code, a suffixed one; comparable codes
 *  on both sides with none related disagree. */
export function codeEvidence(a: TitleProfile, b: TitleProfile): CodeEvidence {
  const sharedA = sharedCodes(a, b);
  const sharedB = sharedCodes(b, a);
  let suffixed = false;
  for (const codeA of a.codes) {
    for (const codeB of b.codes) {
      const relation = codeRelation(codeA, codeB);
      // Two page texts listing other variants of a line say nothing about the named products.
      const inPageTexts = isAfterName(a, codeA) && isAfterName(b, codeB);
      if (relation === 'sibling' && !sharedA.has(codeA) && !sharedB.has(codeB) && !inPageTexts) return 'sibling';
      if (relation === 'suffixed') suffixed = true;
    }
  }
  const principalA = principalCode(a);
  const principalB = principalCode(b);
  // A feed's own part number stays the model code, whatever line code both titles share.
  if (principalA && principalB && principalA !== a.partNumber && principalB !== b.partNumber) {
    const length = Math.max(principalA.length, principalB.length);
    if (sharesSpecificNameCode(a, sharedA, b, length) || sharesSpecificNameCode(b, sharedB, a, length)) return 'same';
  }
  if (principalA && principalB && !relatesTo(principalA, b) && !relatesTo(principalB, a)) return 'conflict';
  if (principalA && principalB && namesDisagree(a, b, principalA, principalB)) return 'conflict';
  if (sharedA.size > 0 || sharedB.size > 0) return 'same';
  if (suffixed) return 'suffixed';
  // Codes compare with codes of their own sort: maker codes, shop article numbers, barcodes.
  const bothCarry = (sort: CodeSort): boolean =>
    a.codes.some((code) => sortOf(code) === sort) && b.codes.some((code) => sortOf(code) === sort);
  if (bothCarry('lettered') || bothCarry('digits') || bothCarry('barcode')) return 'conflict';
  return a.codes.some(isLettered) !== b.codes.some(isLettered) ? 'one-sided' : 'none';
}
