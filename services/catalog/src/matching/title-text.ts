// Cleaning of raw titles before tokenising: web titles carry HTML entities, schema.org language
// tags ('"..."@en-US'), typographic quotes and inch marks; benchmark titles are pre-split
// ("50 ' plasma", "[ mac ]"). Both reduce to lower-case ASCII words and separators.
import { canonicalUnit } from './units.js';

const ENTITIES: ReadonlyArray<readonly [RegExp, string]> = [
  [/&amp;/g, '&'],
  [/&quot;|&#34;/g, '"'],
  [/&#39;|&apos;/g, "'"],
  [/&nbsp;|&#160;/g, ' '],
  [/&[a-z]+;|&#\d+;/g, ' '],
];

/** A price written into a web title ("nur € 329.00", "for $49.48", "2.240 00 €"): its numbers
 *  are the shop's price, not a property of the product that must agree. */
const PRICE = /[$€£]\s?\d[\d.,]*(?:\s\d{2}\b)?|\d[\d.,]*(?:\s\d{2})?\s?(?:[$€£]|\beur\b|\beuro\b)/gi;

/** A shop's promotion in a web title ("SAVE UP TO 30% Use Code: MORE17"): its code is no
 *  product's, and every page of that shop carries it. */
const PROMOTION_CODE = /\b(?:use|promo|coupon|voucher|discount)\s+code\s*:?\s*[a-z0-9-]+/gi;

/** Where a web title's name literal ends: a quote with a language tag (`"Nike Free RN"@de`), or,
 *  in a title that opens with a quote, the next quote that is not an inch mark (one after a
 *  digit ends the name only where another literal opens: `"Core i5-3570" "Comprar ..."`; one
 *  after a space ends a name padded inside its quotes: `" Mens Sekonda Watch 1350 "Sale ..."`;
 *  so does one that the name's last word follows again: `"... Type 10" 10 acheter ..."`). */
const NAME_LITERAL_END =
  /["”“″]@[a-z]{2}(?:-[a-z]{2,4})?\b|(?<=^\s*"[^"]*[^\d\s"])"(?=\s*\S)|(?<=^\s*"[^"]*\S)"(?=\s+")|(?<=^\s*"\s[^"]*\S\s)"(?=[a-z])|(?<=^\s*"[^"]*\s([^\s"]+))"(?=\s+\1(?:\s|$))/i;

/**
 * A web title as its product name and the rest: schema.org data often gives the name literal
 * followed by the page's title or description (`"Nike Free RN - Black"@de " Nike Laufschuhe
 * Herren | Shop "@de`). That rest names the shop, breadcrumbs and other products as often as this
 * one. [title, ''] when there is no such literal.
 */
export function splitNameLiteral(raw: string): readonly [name: string, afterName: string] {
  const end = NAME_LITERAL_END.exec(raw);
  if (!end) return [raw, ''];
  const cut = end.index + end[0].length;
  return [raw.slice(0, cut), raw.slice(cut)];
}

/** A lens aperture or aperture range, however written: "f/4-5.6", "F4.0-5.6", "f/2.8G" (a lens
 *  type letter may follow), "1:3.5". Read as one spec ("f4to5.6", "f2.8"), not as a code "f456". */
const APERTURE = /(?:\bf\s*\/?|\b1\s*:)\s*(\d{1,2}(?:\.\d{1,2})?)(?:\s*-\s*(\d{1,2}(?:\.\d{1,2})?))?(?=[a-z]?\b)/g;

/** A size and an inch mark: `24"`, `24''`, `50 '` (the benchmark's tokenised mark), `24-inch`. */
const INCH_MARK = /(\d+(?:\.\d+)?)\s*(?:''|"(?![a-z0-9])|'(?!s\b)|-?inch(?:es)?\b)/g;

/** Sizes in inches stay under this; a quote after a larger number ends a literal (`"Core
 *  i5-6300" "Comprar ..."`, `"... Model 2017"`). */
const MAX_INCHES = 150;

/** A range of one unit ("24-70mm", "3.5/4.1GHz", "100-240 V"): written "24mm 24to70mm", its low
 *  end as a measure (what a shop listing one value shares) and the range as one value (what tells
 *  a 24-70 lens from a 24-105), not "2470mm". */
const MEASURE_RANGE = /\b((?!0\d)\d+(?:\.\d+)?)\s*[-/]\s*(\d+(?:\.\d+)?)\s*([a-z]+)\b/g;

/** Lower-case, accents folded, entities decoded, prices dropped, language tags and inch marks
 *  normalised. */
export function cleanTitle(raw: string): string {
  let text = raw;
  for (const [pattern, replacement] of ENTITIES) text = text.replace(pattern, replacement);
  return (
    text
      .replace(PRICE, ' ')
      .replace(PROMOTION_CODE, ' ')
      // Before NFKD, which turns an acute accent used as an apostrophe ("men´s") into a space.
      .replace(/[’‘`´]/g, "'")
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      // Letters that have no decomposition: "weiß", "søm", "cœur".
      .replace(/ß/g, 'ss')
      .replace(/[øœ]/g, 'o')
      .replace(/æ/g, 'ae')
      .replace(/ł/g, 'l')
      .replace(/["”“″]@[a-z]{2}(?:-[a-z]{2,4})?\b/g, ' ')
      .replace(/[”“″]/g, '"')
      // A possessive says nothing about the product: "men's" is "men", "women´s" is "women".
      .replace(/(?<=[a-z]) ?'s\b/g, '')
      // A dotted reference number closing a quoted name ("watch 00.10633.03.33.01"") has no inch mark.
      .replace(/(\d+(?:\.\d+){2,})"/g, '$1 ')
      // 24" / 24'' / 50 ' (the benchmark's tokenised inch mark) / 24-inch → "24 in"; a quote that
      // opens a literal (`4658.00 "Luxury Watches"`) is no inch mark.
      .replace(INCH_MARK, (_, size: string) => (Number(size) < MAX_INCHES ? `${size} in ` : `${size} `))
      // A screen's size without its inch mark ("screen - 92 diagonal") is still a size in inches,
      // projection screens' too ("165 diagonal").
      .replace(/\b(\d{1,3}(?:\.\d+)?) (?=diag(?:onal|onale)?\b)/g, '$1 in ')
      // "w/" is "with" ("office 2007 w/ sp1"), not watts.
      .replace(/\bw\/(?![a-z0-9])/g, ' with ')
      // A processor model written apart ("Core i5 4460") is the model ("i5-4460").
      .replace(/\b(i[3579]) (\d{4,5}[a-z]{0,2})\b/g, '$1-$2')
      // A CD's packaging, however written ("jewel case", "j/c", "jc"), is no accessory case.
      .replace(/\bjewel ?case\b|\bj\/c\b|\bjc\b/g, ' jewelcase ')
      // Rates and volumes written with a slash or dots would otherwise split into unrelated parts.
      .replace(/(?<=[\d\s])([gmk])b\s*\/\s*s\b/g, '$1bps')
      .replace(/\bcu\s*\.?\s*ft\b\.?/g, 'cuft')
      // Fractions ("22-1/2", "2 1/5") as decimals, the way other shops write them ("22.5").
      .replace(/\b(\d+)[- ](\d)\/(\d{1,2})\b/g, (_, whole: string, numerator: string, denominator: string) =>
        String(Math.round((Number(whole) + Number(numerator) / Number(denominator)) * 100) / 100),
      )
      // Thousands separators inside numbers ("1,000,000") would split one number into several.
      .replace(/(\d),(?=\d{3}\b)/g, '$1')
      // Decimal commas of European titles ("2,5 kg") read as points.
      .replace(/(\d),(\d)/g, '$1.$2')
      // A decimal point that the benchmarks' tokeniser set apart ("v1 .2", "v10 .0").
      .replace(/(\d) \.(\d)/g, '$1.$2')
      // A version's "v" ("v1.2", "v. 10.0", "ver 3"): one shop writes it, the next does not.
      .replace(/\bv(?:er)?\.? ?(?=\d+(?:\.\d+)*\b)/g, ' ')
      .replace(MEASURE_RANGE, (whole: string, low: string, high: string, unit: string) =>
        canonicalUnit(unit) && Number(low) < Number(high) ? ` ${low}${unit} ${low}to${high}${unit} ` : whole,
      )
      .replace(
        APERTURE,
        (_, low: string, high: string | undefined) => `f${Number(low)}${high ? `to${Number(high)}` : ''} `,
      )
      .replace(/\s+/g, ' ')
      .trim()
  );
}
