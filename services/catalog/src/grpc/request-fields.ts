import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';

const LANGUAGE = /^[a-z]{2}$/;

/** The request's language, 'en' when empty (spec §9 fallback); a malformed one is INVALID_ARGUMENT. */
export function languageOf(language: string): string {
  if (!language) return 'en';
  if (!LANGUAGE.test(language)) throw new InvalidArgumentError([{ field: 'language', reason: 'must be an ISO 639-1 code such as "de"' }]);
  return language;
}

export function requireField(field: string, value: string): string {
  if (!value.trim()) throw new InvalidArgumentError([{ field, reason: 'is required' }]);
  return value;
}
