import { InvalidArgumentError, type FieldViolation } from './domain-errors.js';

const LANGUAGE = /^[a-z]{2}$/;

/**
 * Collects every bad field of a request (rules of spec §5's catalogue: required, max, min,
 * between, in, regex, url, distinct …), then fails once with all of them: a write runs only on
 * input that is wholly good, so bad input changes nothing.
 */
export class FieldChecks {
  private readonly violations: FieldViolation[] = [];

  /** Trimmed text of at most `max` characters; '' allowed unless `required`. */
  text(field: string, value: string, options: { required?: boolean; max: number }): string {
    const text = value.trim();
    if (!text && options.required) this.add(field, 'is required', 'required');
    else if (text.length > options.max)
      this.add(field, `must be at most ${options.max} characters`, 'max', { max: String(options.max) });
    return text;
  }

  /** An ISO 639-1 code such as "de" (required). */
  language(field: string, value: string): string {
    const language = value.trim().toLowerCase();
    if (!language) this.add(field, 'is required', 'required');
    else if (!LANGUAGE.test(language)) this.add(field, 'must be an ISO 639-1 code such as "de"', 'regex');
    return language;
  }

  /** An absolute http(s) URL, or '' when not `required`. */
  url(field: string, value: string, options: { required?: boolean; max?: number } = {}): string {
    const url = value.trim();
    const max = options.max ?? 2_048;
    if (!url) {
      if (options.required) this.add(field, 'is required', 'required');
    } else if (url.length > max) this.add(field, `must be at most ${max} characters`, 'max', { max: String(max) });
    else if (!isHttpUrl(url)) this.add(field, 'must be an http(s) URL', 'url');
    return url;
  }

  /** A whole number in [min, max]. */
  intBetween(field: string, value: number, min: number, max: number): number {
    if (!Number.isInteger(value) || value < min || value > max) {
      this.add(field, `must be between ${min} and ${max}`, 'between', { min: String(min), max: String(max) });
    }
    return value;
  }

  /** At most `max` items. */
  maxItems(field: string, count: number, max: number): void {
    if (count > max) this.add(field, `at most ${max} items`, 'max', { max: String(max) });
  }

  /** Each value once: a repeated one is named by its first repeat's index. */
  distinct(field: string, values: readonly string[], what: string): void {
    const seen = new Set<string>();
    values.forEach((value, index) => {
      if (seen.has(value)) this.add(`${field}[${index}]`, `repeats ${what} "${value}"`, 'distinct');
      seen.add(value);
    });
  }

  add(field: string, reason: string, rule: string, params?: Record<string, string>): void {
    this.violations.push({ field, reason, rule, ...(params ? { params } : {}) });
  }

  /** Throws INVALID_ARGUMENT with every violation when any check failed. */
  done(): void {
    if (this.violations.length > 0) throw new InvalidArgumentError(this.violations);
  }
}

export function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
