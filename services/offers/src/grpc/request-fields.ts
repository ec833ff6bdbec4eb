import { InvalidArgumentError, type FieldViolation } from '@pc/kit/errors/domain-errors';
import { isCountryCode, isCurrencyCode } from '../domain/currency.js';

/**
 * Request checks that collect every bad field before failing (INVALID_ARGUMENT with one
 * violation per field), so a caller fixes a request in one round and nothing runs on bad input.
 */
export class RequestChecks {
  private readonly violations: FieldViolation[] = [];

  id(field: string, value: string): string {
    const id = value.trim();
    if (!id) this.violations.push({ field, reason: 'is required', rule: 'required' });
    else if (id.length > 200)
      this.violations.push({ field, reason: 'at most 200 characters', rule: 'max', params: { max: '200' } });
    return id;
  }

  /** ISO 3166-1 alpha-2 (upper-cased); "*" only where `allowAll`. */
  country(field: string, value: string, options: { required: boolean; allowAll?: boolean }): string {
    const code = value.trim().toUpperCase();
    if (!code) {
      if (options.required) this.violations.push({ field, reason: 'is required', rule: 'required' });
    } else if (!(isCountryCode(code) || (options.allowAll && code === '*'))) {
      this.violations.push({
        field,
        reason: `must be an ISO 3166-1 alpha-2 code such as "CH"${options.allowAll ? ' or "*"' : ''}`,
        rule: 'in',
      });
    }
    return code;
  }

  /** ISO 4217 (upper-cased) or empty. */
  currency(field: string, value: string): string {
    const code = value.trim().toUpperCase();
    if (code && !isCurrencyCode(code))
      this.violations.push({ field, reason: 'must be an ISO 4217 code such as "CHF"', rule: 'in' });
    return code;
  }

  /** A value of a proto enum (numbers accepted by `allowed`). */
  oneOf<T extends number>(field: string, value: T, allowed: readonly number[]): T {
    if (!allowed.includes(value))
      this.violations.push({ field, reason: `must be one of ${allowed.join(', ')}`, rule: 'in' });
    return value;
  }

  add(field: string, reason: string, rule = 'invalid'): void {
    this.violations.push({ field, reason, rule });
  }

  /** Throws INVALID_ARGUMENT when any check failed. */
  done(): void {
    if (this.violations.length > 0) throw new InvalidArgumentError(this.violations);
  }
}

/** Numeric values of a ts-proto enum object. */
export const enumValues = (enumObject: Record<string, string | number>): number[] =>
  Object.values(enumObject).filter((value): value is number => typeof value === 'number' && value >= 0);
