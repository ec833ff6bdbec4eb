// What a title comparison needs, computed once per title: a catalog compares one offer with many
// candidates, and the benchmark runner compares thousands of pairs.
import { namesAccessoryFor } from './accessory-scope.js';
import { isProductTypeWord, type ProductTypeWords } from './product-type-words.js';
import { splitNameLiteral } from './title-text.js';
import type { TitleToken, TitleTokenKind } from './title-token.js';
import { compactTitle, tokenizeTitle } from './title-tokens.js';

export interface TitleProfile {
  /** Distinct tokens by text, in title order. */
  readonly tokens: ReadonlyMap<string, TitleToken>;
  /** Codes that stand for the product: whole codes of the title plus extra ones (an MPN). */
  readonly codes: readonly string[];
  /** The record's own part number (an MPN field that reads as a code), '' when it has none. */
  readonly partNumber: string;
  /** Pieces of codes written with separators, which may still be another title's whole code. */
  readonly codeParts: readonly string[];
  readonly compact: string;
  /** `compact` of the name alone, without the page text after a web title's name literal. */
  readonly nameCompact: string;
  /** The title is a web title's name literal followed by page text (tokens marked `afterName`). */
  readonly hasPageText: boolean;
  /** Two neighbouring words written as one ("compact flash" → "compactflash"), or a word and a
   *  short number after it ("tr 3" → "tr3", a version another shop writes in one piece), with the two. */
  readonly wordPairs: ReadonlyMap<string, readonly [string, string]>;
  /** The title names an accessory for a device ("case for iphone 12"). */
  readonly isAccessoryFor: boolean;
  /** The words of each variant group ("colour": {"black", "white"}), page text included. */
  readonly wordsByGroup: ReadonlyMap<string, ReadonlySet<string>>;
  /** The language tag of a web title's name literal ("de" of `"..."@de-DE`), '' when untagged. */
  readonly language: string;
  /** Words the name writes capitalised ("Glasgow" of "Classic Man Glasgow silver"), as tokens;
   *  none when the name is written in one case throughout (its capitals say nothing). */
  readonly capitalized: ReadonlySet<string>;
  /** Words only the record's brand field gave ("tech" of brand "edge tech", title "edge 16gb
   *  sdhc card"): shared when the other record has them, no word of the model's own when not. */
  readonly brandOnly: ReadonlySet<string>;
}

const LANGUAGE_TAG = /["”“″]@([a-z]{2})\b/i;

/** An MPN field counts as a code when it reads as one: feeds also fill it with words or series
 *  names ("with csr", "video spectra 1.5"). Returns the MPN's key in lower case, or ''. */
export function mpnCode(rawMpn: string, mpnKey: string): string {
  const readsAsCode = tokenizeTitle(rawMpn).some((token) => token.kind === 'code');
  return readsAsCode && mpnKey !== '' ? mpnKey.toLowerCase() : '';
}

export function profileTitle(
  ownTitle: string,
  extraCodes: readonly string[] = [],
  extraText = '',
  brand = '',
): TitleProfile {
  const tokens = new Map<string, TitleToken>();
  // The brand is read as part of the title, so that a brand given only as a field still counts as
  // a shared word.
  const title = brand === '' ? ownTitle : `${brand} ${ownTitle}`;
  const ordered = tokenizeTitle(title);
  const [name, afterName] = splitNameLiteral(title);
  const compact = compactTitle(`${title} ${extraText}`);
  // A word of the name stays marked as such when the page text repeats it.
  for (const token of ordered) {
    const seen = tokens.get(token.text);
    // ... and a code named as the device an accessory fits stays that, though the title repeats it.
    if (!seen || (!token.afterName && !seen.fitsDevice)) tokens.set(token.text, token);
  }
  markRyzenModels(tokens);
  const codes = new Set<string>(extraCodes.filter((code) => code !== ''));
  for (const code of processorModels(tokens)) codes.add(code);
  const codeParts: string[] = [];
  for (const token of tokens.values()) {
    if (token.kind !== 'code') continue;
    if (token.isCodePart) codeParts.push(token.text);
    else codes.add(token.text);
  }
  const language = LANGUAGE_TAG.exec(name)?.[1]?.toLowerCase() ?? '';
  return {
    tokens,
    codes: [...codes],
    partNumber: extraCodes[0] ?? '',
    codeParts,
    compact,
    nameCompact: afterName === '' ? compact : compactTitle(`${name} ${extraText}`),
    hasPageText: afterName !== '',
    wordPairs: wordPairsOf(ordered),
    isAccessoryFor: namesAccessoryFor(ordered),
    wordsByGroup: wordsByGroupOf(tokens),
    language,
    capitalized: capitalizedWords(name, language !== ''),
    brandOnly: brand === '' ? NO_WORDS : brandOnlyWords(brand, ownTitle),
  };
}

/** The profile read in a category: a plain word of the category's names is the title's
 *  product-type noun (group 'type'), whatever the language. The profile itself when it has none. */
export function withProductType(profile: TitleProfile, productType: ProductTypeWords): TitleProfile {
  const typeWords = [...profile.tokens.values()].filter(
    (token) => token.kind === 'word' && token.group === '' && isProductTypeWord(token.text, productType),
  );
  if (typeWords.length === 0) return profile;
  const tokens = new Map(profile.tokens);
  for (const token of typeWords) tokens.set(token.text, { ...token, group: 'type' });
  return { ...profile, tokens, wordsByGroup: wordsByGroupOf(tokens) };
}

/** Words of a processor sold as such ("Intel Core i7-4790 Processor", "... Boxed", "... Tray"). */
const PROCESSOR_WORDS = new Set(['processor', 'processors', 'cpu', 'box', 'boxed', 'boite', 'tray']);
/** Words of a computer, whose spec list names its processor. */
const COMPUTER_WORDS = new Set([
  'laptop',
  'notebook',
  'desktop',
  'computer',
  'pc',
  'imac',
  'macbook',
  'chromebook',
  'server',
  'workstation',
  'ultrabook',
  'tablet',
  'thinkpad',
  'elitebook',
  'latitude',
  'ideapad',
  'vostro',
  'inspiron',
  'probook',
  'pavilion',
  'proliant',
  'mini',
]);

/** AMD's Ryzen models ("1600X", "1400") read as a speed rating ("1000x" of a memory card) or a
 *  bare number: after "Ryzen" or "Threadripper" they are processor models, as "i7-4790" is. */
const AMD_LINES = new Set(['ryzen', 'threadripper']);
const RYZEN_MODEL = /^\d{4}x?$/;

function markRyzenModels(tokens: Map<string, TitleToken>): void {
  if (![...tokens.values()].some((token) => !token.afterName && AMD_LINES.has(token.text))) return;
  for (const [text, token] of tokens) {
    const readAsOther =
      (token.kind === 'measure' && token.group === 'x') || (token.kind === 'number' && token.group === '');
    if (!token.afterName && readAsOther && RYZEN_MODEL.test(text))
      tokens.set(text, { kind: 'number', text, group: 'cpu' });
  }
}

/** A processor model ("i7-4790") is a number that must agree in a computer's spec list, but the
 *  model code of a processor sold as such: then it is one of the title's codes. */
function processorModels(tokens: ReadonlyMap<string, TitleToken>): string[] {
  const name = [...tokens.values()].filter((token) => !token.afterName);
  if (!name.some((token) => PROCESSOR_WORDS.has(token.text))) return [];
  if (name.some((token) => COMPUTER_WORDS.has(token.text))) return [];
  return name.filter((token) => token.kind === 'number' && token.group === 'cpu').map((token) => token.text);
}

/** Proper names keep their capital in every language; a shop's ordinary words often do not.
 *  A tagged name's words are read as the tokenizer reads them (translated, compounds split),
 *  since names in two languages are compared by them; elsewhere only model-name words are looked
 *  up, and folding case and accents is enough (tokenising every title twice cost a fifth of
 *  the comparisons' throughput). */
function capitalizedWords(name: string, tagged: boolean): ReadonlySet<string> {
  const letters = name.replace(/[^\p{L}]/gu, '');
  if (letters === letters.toUpperCase() || letters === letters.toLowerCase()) return NO_WORDS;
  const words = name.match(/(?<![\p{L}\d])\p{Lu}\p{Ll}+/gu) ?? [];
  if (tagged) return new Set(tokenizeTitle(words.join(' ')).map((token) => token.text));
  return new Set(words.map((word) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()));
}

const NO_WORDS: ReadonlySet<string> = new Set();

function brandOnlyWords(brand: string, title: string): ReadonlySet<string> {
  const inTitle = new Set(tokenizeTitle(title).map((token) => token.text));
  return new Set(
    tokenizeTitle(brand)
      .map((token) => token.text)
      .filter((text) => !inTitle.has(text)),
  );
}

function wordsByGroupOf(tokens: ReadonlyMap<string, TitleToken>): Map<string, Set<string>> {
  const byGroup = new Map<string, Set<string>>();
  for (const token of tokens.values()) {
    if (token.kind !== 'word' || token.group === '') continue;
    const words = byGroup.get(token.group) ?? new Set<string>();
    words.add(token.text);
    byGroup.set(token.group, words);
  }
  return byGroup;
}

const isPlainWord = (token: TitleToken | undefined): token is TitleToken =>
  token?.kind === 'word' && token.text.length >= 2;

const isLetter = (token: TitleToken | undefined): token is TitleToken =>
  token?.kind === 'word' && /^[a-z]$/.test(token.text);

const isVersionNumber = (token: TitleToken | undefined): token is TitleToken =>
  token?.kind === 'number' && token.group === '' && /^\d{1,2}$/.test(token.text);

function wordPairsOf(ordered: readonly TitleToken[]): Map<string, readonly [string, string]> {
  const pairs = new Map<string, readonly [string, string]>();
  for (let i = 1; i < ordered.length; i += 1) {
    const first = ordered[i - 1];
    const second = ordered[i];
    if (isPlainWord(first) && (isPlainWord(second) || isVersionNumber(second) || isLetter(second)))
      pairs.set(first.text + second.text, [first.text, second.text]);
  }
  return pairs;
}

/** Tokens of one kind by group (a measure's unit, a version's letters, a word's variant group). */
export function tokensByGroup(
  profile: TitleProfile,
  kind: TitleTokenKind,
  nameOnly = false,
): Map<string, TitleToken[]> {
  const byGroup = new Map<string, TitleToken[]>();
  for (const token of profile.tokens.values()) {
    if (token.kind !== kind || (nameOnly && token.afterName)) continue;
    byGroup.set(token.group, [...(byGroup.get(token.group) ?? []), token]);
  }
  return byGroup;
}
