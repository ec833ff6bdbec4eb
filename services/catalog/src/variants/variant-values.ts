// What tells a model's variants apart, read from a product's name with the matching code's
// vocabulary (title-tokens.ts, variant-words.ts): colour words, storage and memory sizes, volumes
// and battery capacities, pack counts and letter sizes. Everything else in the name is the model.
import type { TitleToken } from '../matching/title-token.js';
import { tokenizeTitle } from '../matching/title-tokens.js';

/** The attributes a variant may differ in, in the order a product page names them. */
export const VARIANT_ATTRIBUTES = ['storage', 'capacity', 'colour', 'pack', 'size'] as const;
export type VariantAttributeName = (typeof VARIANT_ATTRIBUTES)[number];

/** Measures of one product that come in several: the unit group a token is compared in. */
const MEASURE_ATTRIBUTES: ReadonlyMap<string, VariantAttributeName> = new Map([
  // "tb", "mb" compare as gb (units.ts): "1 TB" and "512 GB" are two storage sizes of one model.
  ['gb', 'storage'],
  ['ml', 'capacity'],
  ['l', 'capacity'],
  ['mah', 'capacity'],
  ['pack', 'pack'],
]);

/** Variant words of the matching vocabulary that name an attribute (editions, conditions and
 *  target groups stay in the model: "iPhone 15" and "iPhone 15 Pro" are two models). */
const WORD_ATTRIBUTES: ReadonlyMap<string, VariantAttributeName> = new Map([
  ['colour', 'colour'],
  ['size', 'size'],
]);

/** What of the vocabulary the model key reads here: hashed into the key's version. */
export const VARIANT_VOCABULARY = { measures: [...MEASURE_ATTRIBUTES], words: [...WORD_ATTRIBUTES] };

/** The variant attribute a token names, if it names one. */
export function variantAttributeOf(token: TitleToken): VariantAttributeName | undefined {
  if (token.afterName) return undefined;
  if (token.kind === 'measure') return MEASURE_ATTRIBUTES.get(token.group);
  if (token.kind === 'word') return WORD_ATTRIBUTES.get(token.group);
  return undefined;
}

/** One variant value of a name: the comparable token ("256gb", "black") and how it is shown. */
export interface VariantValue {
  readonly attribute: VariantAttributeName;
  readonly text: string;
  readonly display: string;
  /** Orders values of one attribute: the measure's value ("1tb" after "512gb"), else the text. */
  readonly order: number | string;
}

/** How units are written on a page. */
const UNIT_DISPLAY: ReadonlyMap<string, string> = new Map([
  ['tb', 'TB'],
  ['gb', 'GB'],
  ['mb', 'MB'],
  ['kb', 'KB'],
  ['ml', 'ml'],
  ['l', 'l'],
  ['mah', 'mAh'],
  ['pack', 'pack'],
]);

function measureDisplay(token: TitleToken): string {
  const match = /^(\d+(?:\.\d+)?)([a-z]+)$/.exec(token.text);
  if (!match) return token.text;
  return `${match[1]} ${UNIT_DISPLAY.get(match[2] ?? '') ?? match[2]}`;
}

/** The raw words of a name that read as `token` on their own ("Schwarz" for "black"). */
function rawWordFor(name: string, token: TitleToken): string | undefined {
  return name
    .split(/[\s,;:/()[\]|+]+/)
    .find((raw) => raw !== '' && tokenizeTitle(raw).some((own) => own.kind === 'word' && own.text === token.text));
}

const capitalized = (word: string): string => word.charAt(0).toLocaleUpperCase() + word.slice(1);

/** The variant values a name gives, each once, in the order the name gives them. */
export function variantValuesOf(name: string): VariantValue[] {
  const seen = new Set<string>();
  const values: VariantValue[] = [];
  for (const token of tokenizeTitle(name)) {
    const attribute = variantAttributeOf(token);
    if (!attribute || seen.has(token.text)) continue;
    seen.add(token.text);
    const isMeasure = token.kind === 'measure';
    values.push({
      attribute,
      text: token.text,
      display: isMeasure ? measureDisplay(token) : capitalized(rawWordFor(name, token) ?? token.text),
      order: isMeasure ? (token.value ?? 0) : token.text,
    });
  }
  return values;
}

/** The name's tokens that name the model: every token but the variant values, distinct, sorted
 *  (word order and repeated words say nothing, as in title claims). */
export function modelTokensOf(name: string): string[] {
  const tokens = tokenizeTitle(name).filter((token) => !token.afterName && variantAttributeOf(token) === undefined);
  return [...new Set(tokens.map((token) => token.text))].sort();
}
