/**
 * A range refinement of a numeric specification (ADR 123): the value "<min>..<max>" of a
 * `spec:<key>` refinement, numbers in the specification's unit with "." as the decimal mark,
 * bounds inclusive, either one left out for an open end ("800..", "..1200").
 */

/** Inclusive bounds; an absent one is open. At least one is present. */
export interface SpecRange {
  readonly min?: number;
  readonly max?: number;
}

const BOUND = /^-?\d+(?:\.\d+)?$/;

/**
 * Whether a refinement value is written as a range: it holds ".." (an ellipsis "..." is prose,
 * a value as written, not a range).
 */
export const isRangeForm = (value: string): boolean => value.includes('..') && !value.includes('...');

/** Why a value is no valid range, and the rule it breaks (as spec §5 names rules). */
export interface RangeProblem {
  readonly reason: string;
  readonly rule: 'regex' | 'lte';
}

/** The range a value writes, or why it is no valid range. */
export function parseSpecRange(value: string): { range: SpecRange } | { problem: RangeProblem } {
  const parts = value.split('..').map((part) => part.trim());
  const [low = '', high = ''] = parts;
  if (parts.length !== 2 || (low === '' && high === ''))
    return {
      problem: { reason: 'a range is <min>..<max> with at least one bound (800..1200, 800.., ..1200)', rule: 'regex' },
    };
  if ((low !== '' && !BOUND.test(low)) || (high !== '' && !BOUND.test(high)))
    return {
      problem: { reason: 'range bounds are numbers with "." as the decimal mark (800..1200, 1.5..2)', rule: 'regex' },
    };
  const min = low === '' ? undefined : Number(low);
  const max = high === '' ? undefined : Number(high);
  if ((min !== undefined && !Number.isFinite(min)) || (max !== undefined && !Number.isFinite(max)))
    return { problem: { reason: 'range bounds must be finite numbers', rule: 'regex' } };
  if (min !== undefined && max !== undefined && min > max)
    return { problem: { reason: 'min must not exceed max', rule: 'lte' } };
  return { range: { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) } };
}

export const withinRange = (number: number, range: SpecRange): boolean =>
  (range.min === undefined || number >= range.min) && (range.max === undefined || number <= range.max);

/**
 * The values a range selects among a specification's: those that are numbers in its one unit
 * within the bounds (none when its numbers have more than one unit).
 */
export function valuesInRange(numbers: ReadonlyMap<string, number> | undefined, range: SpecRange): string[] {
  return [...(numbers ?? new Map<string, number>())].filter(([, n]) => withinRange(n, range)).map(([value]) => value);
}
