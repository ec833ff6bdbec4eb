import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';

const LANGUAGE = /^[a-z]{2}$/;

/** A staff reason (moderation) is a sentence for the audit log, not a document. */
export const MAX_REASON = 500;

/** The request's language, 'en' when empty (spec §9 fallback); a malformed one is INVALID_ARGUMENT. */
export function languageOf(language: string): string {
  if (!language) return 'en';
  if (!LANGUAGE.test(language))
    throw new InvalidArgumentError([
      { field: 'language', reason: 'must be an ISO 639-1 code such as "de"', rule: 'regex' },
    ]);
  return language;
}

export function requireField(field: string, value: string): string {
  if (!value.trim()) throw new InvalidArgumentError([{ field, reason: 'is required', rule: 'required' }]);
  return value.trim();
}

/** An enum value the call knows, mapped to its meaning; unknown numbers are INVALID_ARGUMENT. */
export function enumField<E extends number, T>(field: string, value: E, meanings: ReadonlyMap<E, T>): T {
  const meaning = meanings.get(value);
  if (meaning === undefined) {
    throw new InvalidArgumentError([
      { field, reason: `must be one of ${[...meanings.keys()].join(', ')}`, rule: 'in' },
    ]);
  }
  return meaning;
}

/** A whole number in [min, max]. */
export function intInRange(field: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new InvalidArgumentError([
      {
        field,
        reason: `must be between ${min} and ${max}`,
        rule: 'between',
        params: { min: String(min), max: String(max) },
      },
    ]);
  }
  return value;
}
