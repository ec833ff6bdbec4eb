import { InvalidArgumentError, type FieldViolation } from '@pc/kit/errors/domain-errors';

/** Collects every bad field (rules of spec §5's catalogue), then fails once: nothing runs on bad input. */
export class FieldChecks {
  private readonly violations: FieldViolation[] = [];

  text(field: string, value: string, options: { required: boolean; max: number }): string {
    const text = value.trim();
    if (!text && options.required) this.add(field, 'is required', 'required');
    else if (text.length > options.max)
      this.add(field, `must be at most ${options.max} characters`, 'max', { max: String(options.max) });
    return text;
  }

  country(field: string, value: string): string {
    const code = value.trim().toUpperCase();
    if (!code) this.add(field, 'is required', 'required');
    else if (!/^[A-Z]{2}$/.test(code)) this.add(field, 'must be an ISO 3166-1 alpha-2 code such as "CH"', 'in');
    return code;
  }

  /** Base64url bytes of an exact length (push keys). */
  base64url(field: string, value: string, length: number, check?: (bytes: Buffer) => boolean): Buffer | null {
    if (!value) {
      this.add(field, 'is required', 'required');
      return null;
    }
    const bytes = /^[A-Za-z0-9_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64url') : null;
    if (!bytes || bytes.length !== length || (check && !check(bytes))) {
      this.add(field, `must be ${length} bytes in base64url`, 'regex');
      return null;
    }
    return bytes;
  }

  add(field: string, reason: string, rule: string, params?: Record<string, string>): void {
    this.violations.push({ field, reason, rule, ...(params ? { params } : {}) });
  }

  done(): void {
    if (this.violations.length > 0) throw new InvalidArgumentError(this.violations);
  }
}
