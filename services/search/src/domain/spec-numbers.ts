/**
 * Specification values read as numbers with a unit ("1,200 W" → 1200 "W"), for numeric
 * specifications: offered with their scale and refined by ranges (ADR 123). Reading is
 * conservative: a value is a number only where its writing has one reading, so a value that is
 * not ("approx. 2 kg", "1/2 in", "1920 x 1080", "4+") keeps its specification a list of values.
 */

/** A value read as a number and the unit written after it ('' for none). */
export interface SpecNumber {
  readonly number: number;
  readonly unit: string;
}

/**
 * A sign, then digits with the marks a number may hold, ending in a digit; then the rest. The
 * marks: "." and "," (decimal mark or thousands), and the thousands separators apostrophe,
 * no-break, narrow no-break and thin space ("1'200", "1 200"). A plain space does not group
 * digits: "2 4" is no number.
 */
const NUMBER_THEN_REST = /^([-−]?)(\d(?:[\d.,'’\u00a0\u202f\u2009]*\d)?)\s*(.*)$/u;
const GROUP_ONLY = /['’\u00a0\u202f\u2009]/u;
/**
 * A unit: words of letters (and unit symbols), a word may end in 2, 3, ² or ³ ("m2", "cm³"),
 * joined by "/", "·", "-", "." or a space ("kWh/year", "sq ft"); at most 16 characters. A unit
 * never starts with a digit or a sign, so "1920 x 1080" and "1/2 in" are no number with a unit.
 */
const UNIT = /^[\p{L}µ°%‰"″'′]+[23²³]?(?:[ /·.-][\p{L}µ°%‰"″'′]+[23²³]?)*\.?$/u;
const MAX_UNIT = 16;

/** The value as a number and unit, or null when it is not written as one. */
export function parseSpecNumber(value: string): SpecNumber | null {
  const match = NUMBER_THEN_REST.exec(value.trim());
  if (!match) return null;
  const magnitude = readDigits(match[2] ?? '');
  const unit = (match[3] ?? '').replace(/\s+/g, ' ');
  if (magnitude === null || unit.length > MAX_UNIT || (unit !== '' && !UNIT.test(unit))) return null;
  return { number: match[1] ? -magnitude : magnitude, unit };
}

/**
 * Digits with marks, where the writing has one reading: a lone "." is the decimal mark; a lone
 * "," is the thousands separator before exactly three digits after a non-zero part ("1,200"),
 * else the decimal mark ("1,7", "0,500"); with several marks, one mark groups digits in threes
 * and another, last, may be the decimal mark ("1,234.5", "1.234,5", "1'234.5").
 */
function readDigits(text: string): number | null {
  const parts = text.split(/[^\d]/u);
  const marks = text.replace(/\d/gu, '');
  if (marks === '') return Number(text);
  const [whole = '', ...rest] = parts;
  if (marks.length === 1) {
    const fraction = rest[0] ?? '';
    const groups = GROUP_ONLY.test(marks) || (marks === ',' && fraction.length === 3 && !/^0+$/.test(whole));
    if (groups) return whole.length <= 3 && fraction.length === 3 ? Number(whole + fraction) : null;
    return Number(`${whole}.${fraction}`);
  }
  const group = marks[0] ?? '';
  const last = marks[marks.length - 1] ?? '';
  const decimal = last !== group && (last === '.' || last === ',');
  const groupMarks = decimal ? marks.slice(0, -1) : marks;
  if ([...groupMarks].some((mark) => mark !== group)) return null;
  const grouped = decimal ? rest.slice(0, -1) : rest;
  if (whole.length === 0 || whole.length > 3 || /^0/.test(whole)) return null;
  if (grouped.some((digits) => digits.length !== 3)) return null;
  const integer = whole + grouped.join('');
  return Number(decimal ? `${integer}.${rest[rest.length - 1] ?? ''}` : integer);
}

/**
 * Units that name one thing: as written, whitespace collapsed, with a word's English plural "s"
 * dropped ("2 years" and "1 year" are one unit; "lbs", "pcs" and symbols are kept as they are).
 */
export function unitKey(unit: string): string {
  return unit.replace(/\s+/g, ' ').replace(/^(\p{L}{3,})s$/u, '$1');
}

/** The numbers of a specification's values, as far as they are numbers in one unit. */
export interface SpecScale {
  /** The unit as the values write it (the plural where some write it: "years"); '' for plain numbers. */
  readonly unit: string;
  /** Each value that is a number in the unit → its number. */
  readonly numbers: ReadonlyMap<string, number>;
  /** Whether every value is one: a numeric specification, offered with its scale. */
  readonly complete: boolean;
}

/**
 * The scale of a specification's values: null when none is a number, or when those that are
 * have more than one unit ("500 W" and "1.5 kW"): a range over them would compare unlike things.
 */
export function specScale(values: Iterable<string>): SpecScale | null {
  const numbers = new Map<string, number>();
  let key: string | null = null;
  let unit = '';
  let complete = true;
  for (const value of values) {
    const parsed = parseSpecNumber(value);
    if (parsed === null) {
      complete = false;
      continue;
    }
    const its = unitKey(parsed.unit);
    if (key !== null && its !== key) return null;
    key = its;
    if (parsed.unit.length > unit.length) unit = parsed.unit;
    numbers.set(value, parsed.number);
  }
  return key === null ? null : { unit, numbers, complete };
}
