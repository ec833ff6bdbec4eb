// Splits a title into typed tokens. The type decides how a token counts when two titles are
// compared: a model code ("gbu421w6", "tl-sf1008d") nearly identifies a product, a measure
// ("16 gb") and a number or version ("cs3", "2.5", "ddr5") must agree, words only add up.
import { markFittedCodes } from './accessory-scope.js';
import type { TitleToken } from './title-token.js';
import { canonicalUnit, comparableMeasure } from './units.js';
import { cleanTitle, splitNameLiteral } from './title-text.js';
import { variantGroupOf } from './variant-words.js';
import { englishWord, splitCompound } from './word-translations.js';

/** Shortest letters+digits token read as a model code. */
const MIN_CODE_LENGTH = 4;
/** Digit-only tokens this long are article numbers or barcodes, not quantities. */
const MIN_NUMERIC_CODE_LENGTH = 5;

const NUMBER = /^\d+(?:\.\d+)*$/;
/** A maker's reference written as dotted digit groups ("311.63.44.51.06.001", "00.10633.03.33.01"
 *  of watches): a code, not a version ("10.4.11"), which has fewer digits. */
const DOTTED_REFERENCE = /^(?=(?:\d\.?){8})\d+(?:\.\d+){2,}$/;
const ORDINAL = /^\d+(?:st|nd|rd|th)$/;
const NUMBER_WITH_UNIT = /^(\d+(?:\.\d+)?)([a-z]+)$/;
/** A range of one unit as cleanTitle writes it ("24to70mm"). */
const MEASURE_RANGE = /^(\d+(?:\.\d+)?)to(\d+(?:\.\d+)?)([a-z]+)$/;
/** Interface and memory specs with a generation number ("ddr5", "rj45", "cat5e", "usb3"): they
 *  must agree but do not identify a product on their own. */
const SPEC_VERSION = /^(ddr|gddr|lpddr|cat|rj|usb|sata|pcie|gen|ver|win|dx|ios)(\d{1,2})[a-z]?$/;
/** Versions: one or two letters and one or two digits, three characters at most ("cs3", "x60",
 *  "v2"). Longer ones ("sch1", "dp29f") are model codes. */
const SHORT_VERSION = /^([a-z]{1,2})\d{1,2}[a-z]?$/;
const SHORT_VERSION_LENGTH = 3;
/** Standards ("802.11n"), memory module grades ("pc2-6400", "ddr4-3000"), M.2 sizes
 *  ("m.2-2280"), kits and screen resolutions ("2x4gb", "1920x1080"), all-in-ones ("3in1"; "15in2"
 *  is a model's code), lens apertures ("f2.8"), decimals with a unit letter ("7.2k" rpm, "1.5g"):
 *  specs that many products share, not codes. */
const SPEC =
  /^(?:f\d{1,2}(?:\.\d{1,2})?to\d{1,2}(?:\.\d{1,2})?|f\d{1,2}\.\d{1,2}|\d{1,2}x\d{1,4}|\d{3,4}x\d{3,4}|\d{1,2}in1|\d+(?:st|nd|rd|th)\d+(?:st|nd|rd|th)|802\.?11[a-z]*|\d+k|\d+\.\d+[a-z]{1,2}|pc\d{0,2}\d{4,5}|(?:lp)?g?ddr\d?\d{3,4}|m2\d{4,5}|lga\d{3,4})$/;
/** A kit or a pack ("2x4gb", "3x50ml"): a count times a measure. With other letters after the
 *  digits it is a model code ("55x80k" of a Sony TV, "12x4n"). */
const COUNT_TIMES_MEASURE = /^\d{1,2}x\d{1,4}([a-z]{1,2})$/;
const isCountTimesMeasure = (part: string): boolean =>
  canonicalUnit(COUNT_TIMES_MEASURE.exec(part)?.[1] ?? '') !== undefined;
/** A sports brand's season ("SS15", "FW16", "SP16"): when a colourway came out, not a model code. */
const SEASON = /^(?:ss|fw|aw|sp|su|fa|ho)\d{2}$/;
/** A count and a word: joined from pieces ("3-in-1", "240-pin", "5-tab"), or written together
 *  with a longer word ("4port", "3pack") or a unit the units table lacks ("200pin", "9dbi",
 *  "300dpi"). A count written together with three other letters ("2bdw", "800wbe", "14xgt") is a
 *  model code. */
const COUNT_WORD = /^\d{1,3}([a-z]{3,})$/;
const COUNTED_WORDS = new Set([
  'pin',
  'dbi',
  'ohm',
  'dpi',
  'min',
  'mos',
  'ppm',
  'ipm',
  'amp',
  'fps',
  'bar',
  'dba',
  'gbs',
  'mbs',
  'lcd',
  'dvi',
  'sfp',
  'cpu',
  'des',
  'way',
  'tab',
  'pcs',
  'bay',
  'ply',
  'led',
  'rpm',
  'mah',
]);

function isCountWord(part: string, joined: boolean): boolean {
  const word = COUNT_WORD.exec(part)?.[1];
  return word !== undefined && (joined || word.length > 3 || COUNTED_WORDS.has(word));
}

/** Processor models in a computer's spec list ("i7-6700hq", "i5 8250u", "e5-2620v4"): they must
 *  agree, but the computer's own code is another. */
const CPU_MODEL = /^(?:i[3579]|e[357]|m[357])\d{4,5}[a-z]{0,2}\d?$/;
/** Operating systems, one spelling each: a title for Windows and one for Mac are two products. */
const OPERATING_SYSTEMS: ReadonlyMap<string, string> = new Map([
  ['win', 'windows'],
  ['windows', 'windows'],
  ['mac', 'mac'],
  ['macintosh', 'mac'],
  ['osx', 'mac'],
  ['linux', 'linux'],
]);
/** Words of a system-requirements note ("win 98 me 2000 xp", "mac os 10.4"): numbers right
 *  after them are platform versions, not a property of the product that must agree. */
const PLATFORM_WORDS = new Set(['os', 'xp', 'vista', 'me', 'nt']);

function numberText(value: string): string {
  return /^\d+(?:\.\d+)?$/.test(value) ? String(Number(value)) : value;
}

function measure(value: string, unit: string): TitleToken {
  // "1tb" stays "1tb" as text (what two titles share); it compares with "500gb" as 1000 GB.
  return { kind: 'measure', text: `${numberText(value)}${unit}`, ...comparableMeasure(unit, Number(value)) };
}

function word(raw: string): TitleToken {
  const text = englishWord(raw);
  const system = OPERATING_SYSTEMS.get(text);
  if (system) return { kind: 'word', text: system, group: 'os' };
  if (PLATFORM_WORDS.has(text)) return { kind: 'word', text, group: 'platform' };
  return { kind: 'word', text, group: variantGroupOf(text) ?? '' };
}

/** `joined`: the part is a chunk's pieces joined ("240-pin" → "240pin"). */
function classify(part: string, joined = false): TitleToken {
  if (NUMBER.test(part)) {
    const isArticleNumber = !part.includes('.') && part.length >= MIN_NUMERIC_CODE_LENGTH;
    if (isArticleNumber) return { kind: 'code', text: part, group: '' };
    if (DOTTED_REFERENCE.test(part)) return { kind: 'code', text: part.replace(/\./g, ''), group: '' };
    return { kind: 'number', text: numberText(part), group: '' };
  }
  const withUnit = NUMBER_WITH_UNIT.exec(part);
  const unit = withUnit ? canonicalUnit(withUnit[2] ?? '') : undefined;
  if (withUnit && unit) return measure(withUnit[1] ?? '', unit);
  const range = MEASURE_RANGE.exec(part);
  const rangeUnit = range ? canonicalUnit(range[3] ?? '') : undefined;
  if (range && rangeUnit)
    return {
      kind: 'measure',
      text: `${numberText(range[1] ?? '')}to${numberText(range[2] ?? '')}${rangeUnit}`,
      group: `${rangeUnit} range`,
    };
  if (!/\d/.test(part)) return word(part);
  if (ORDINAL.test(part)) return { kind: 'number', text: part, group: 'ordinal' };
  const version = SPEC_VERSION.exec(part) ?? (part.length <= SHORT_VERSION_LENGTH ? SHORT_VERSION.exec(part) : null);
  if (version) return { kind: 'number', text: part, group: version[1] ?? '' };
  if (CPU_MODEL.test(part)) return { kind: 'number', text: part, group: 'cpu' };
  if (SEASON.test(part)) return { kind: 'number', text: part, group: 'season' };
  if (
    SPEC.test(part) ||
    isCountTimesMeasure(part) ||
    isCountWord(part, joined) ||
    !/[a-z]/.test(part) ||
    part.length < MIN_CODE_LENGTH
  )
    return { kind: 'number', text: part, group: 'spec' };
  return { kind: 'code', text: part.replace(/\./g, ''), group: '' };
}

/** Parts of one whitespace-separated chunk: split on punctuation, keeping decimal points. */
function chunkParts(chunk: string): string[] {
  return chunk
    .split(/[^a-z0-9.]+|\.(?!\d)|(?<!\d)\./)
    .filter((part) => part !== '')
    .flatMap((part) => (/^[a-z]+$/.test(part) ? splitCompound(part) : [part]));
}

/** Chunks whose pieces a shop may write together: separated only by dashes, slashes, dots. */
const JOINABLE_CHUNK = /^[a-z0-9]+(?:[-/._][a-z0-9]+)+$/;

/** Three or more short letter groups joined by separators, one of them an abbreviation without
 *  vowels, are a model code without digits ("lcs-twa/b", "ic-blk-ts", "mba-pnk-see"), which
 *  another shop writes in one piece; "all-in-one" or "sat/act/psat" are words. */
const MIN_LETTER_CODE_PARTS = 3;
const MAX_LETTER_CODE_PART = 4;
const isLetterCode = (parts: readonly string[]): boolean =>
  parts.length >= MIN_LETTER_CODE_PARTS &&
  parts.every((part) => /^[a-z]+$/.test(part) && part.length <= MAX_LETTER_CODE_PART) &&
  parts.some((part) => /^[^aeiouy]{2,}$/.test(part));

/** A chunk that opens with letters and holds a measure ("dcs-5020l", "ga-110mb-1aer",
 *  "sdsdqm-016g"): a maker's code whose digits end in a unit's letters. Read as its pieces and
 *  the code; a spec list opens with a number ("2.6ghz/8gb/1tb"). */
const isLetteredUnitCode = (parts: readonly string[], tokens: readonly TitleToken[], joined: TitleToken): boolean =>
  /^[a-z]{2,}$/.test(parts[0] ?? '') && tokens.some((token) => token.kind === 'measure') && joined.kind === 'code';

/** Tokens of one chunk. A chunk joined by punctuation ("np-fh100", "9h.lf4lb.dbe",
 *  "963293-0403") also yields its joined form as a code: shops write codes with and without
 *  separators; its pieces then count as code parts only. A joined measure or spec ("8-port",
 *  "3-in-1") replaces its pieces. */
function chunkTokens(chunk: string): TitleToken[] {
  const trimmed = chunk.replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
  const parts = chunkParts(trimmed);
  const tokens = parts.map((part) => (parts.length > 1 ? { ...classify(part), piece: true } : classify(part)));
  if (parts.length < 2 || !JOINABLE_CHUNK.test(trimmed)) return tokens;
  if (isLetterCode(parts)) return [...tokens, { kind: 'code', text: parts.join(''), group: '' }];
  // A measure keeps its decimal point ("12.1-megapixel" is 12.1 mp, not 121); a code drops it.
  const asMeasure = classify(parts.join(''), true);
  const joined = asMeasure.kind === 'measure' ? asMeasure : classify(parts.join('').replace(/\./g, ''), true);
  // Decimal numbers joined without their points make no measure ("3.8/3.6ghz" is no 3836 GHz).
  if (joined.kind === 'measure' && asMeasure.kind !== 'measure' && parts.some((part) => part.includes('.')))
    return tokens;
  if (joined.kind === 'measure' || joined.group === 'spec' || joined.group === 'cpu') return [joined];
  // The measure stays (it may be one: "hdmi-2m"), the code is kept beside it.
  if (isLetteredUnitCode(parts, tokens, joined)) return [...tokens, joined];
  // A spec list ("2.6ghz/8gb/1tb") is its measures, not one long code.
  if (joined.kind !== 'code' || tokens.some((token) => token.kind === 'measure')) return tokens;
  return [...tokens.map((token) => (token.kind === 'code' ? { ...token, isCodePart: true } : token)), joined];
}

/** Tokens of a title, in order; those after a web title's name literal are marked `afterName`. */
export function tokenizeTitle(title: string): TitleToken[] {
  const [name, afterName] = splitNameLiteral(title);
  if (afterName === '') return tokenizeText(name);
  return [...tokenizeText(name), ...tokenizeText(afterName).map((token) => ({ ...token, afterName: true }))];
}

/**
 * The distinct tokens of a title's name (not a web title's page text), sorted: two titles that
 * differ only in case, accents, punctuation, word order or repeated words give the same list,
 * while any other word, number, measure or code gives another. What a new product created from
 * a title alone is claimed by (ProductKeyRepository's title claims).
 */
export function titleNameTokens(title: string): string[] {
  return [...new Set(tokenizeTitle(title).flatMap((token) => (token.afterName ? [] : [token.text])))].sort();
}

function tokenizeText(title: string): TitleToken[] {
  const tokens = cleanTitle(title).split(' ').flatMap(chunkTokens);
  return markFittedCodes(demotePlatformNumbers(readRomanNumerals(mergeNumbersWithUnits(tokens))));
}

/** Roman numerals of a generation ("Mark III", "Legend VI", "RX100 IV") as the number they
 *  are, so that "Mark III" / "Mark IV" disagree and "Mark III" / "Mark 3" agree. Up to sixteen;
 *  "i" and "x" are words more often ("x" as "by"). "v" right before a number is "version" ("v
 *  10.0"); after a number it was already read as volts. */
const ROMAN_NUMERALS: ReadonlyMap<string, number> = new Map([
  ['ii', 2],
  ['iii', 3],
  ['iv', 4],
  ['v', 5],
  ['vi', 6],
  ['vii', 7],
  ['viii', 8],
  ['ix', 9],
  ['xi', 11],
  ['xii', 12],
  ['xiii', 13],
  ['xiv', 14],
  ['xv', 15],
  ['xvi', 16],
]);

function readRomanNumerals(tokens: readonly TitleToken[]): TitleToken[] {
  return tokens.map((token, index) => {
    // A letter of an abbreviation ("a/v") is no numeral; a numeral joined by a dash is ("Di-II").
    const value =
      token.kind === 'word' && token.group === '' && !(token.piece && token.text.length === 1)
        ? ROMAN_NUMERALS.get(token.text)
        : undefined;
    if (value === undefined) return token;
    if (token.text === 'v' && (tokens[index + 1]?.kind === 'number' || tokens[index + 1]?.kind === 'measure'))
      return token;
    return { ...token, kind: 'number', text: String(value), group: '', numeral: true };
  });
}

/** "16" followed by "gb" is one measure, as "16gb" is. */
function mergeNumbersWithUnits(tokens: readonly TitleToken[]): TitleToken[] {
  const merged: TitleToken[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    const unit = next?.kind === 'word' ? canonicalUnit(next.text) : undefined;
    if (token.kind === 'number' && token.group === '' && unit) {
      merged.push(measure(token.text, unit));
      i += 1;
    } else {
      merged.push(token);
    }
  }
  return merged;
}

/** Numbers inside an operating-system note become plain words: they still count as shared
 *  text, but "win 98" in one title and none in the other is no disagreement. */
function demotePlatformNumbers(tokens: readonly TitleToken[]): TitleToken[] {
  let inPlatformNote = false;
  return tokens.map((token) => {
    if (token.kind === 'word') inPlatformNote = token.group === 'os' || token.group === 'platform';
    const isPlatformNumber = inPlatformNote && (token.kind === 'number' || /^\d+(?:me|xp|nt)$/.test(token.text));
    return isPlatformNumber ? { kind: 'word', text: token.text, group: 'platform' } : token;
  });
}

/** All letters and digits of a title in one string, to find a code that another title splits
 *  differently ("dav-is50 / b" holds "davis50b"). */
export function compactTitle(title: string): string {
  return cleanTitle(title).replace(/[^a-z0-9]+/g, '');
}
