import { InvalidArgumentError, type FieldViolation } from '@pc/kit/errors/domain-errors';

/** Spec §5: "at least 6 characters". The upper bound keeps hashing cost bounded. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 200;
export const EMAIL_MAX = 255;
export const NAME_MAX = 255;

const EMAIL =
  /^[^\s@<>(),;:"[\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const PHONE = /^\+?[0-9][0-9 ()./-]{3,28}[0-9]$/;
const LANGUAGE = /^[a-z]{2}$/;
const PRODUCT_ID = /^[A-Za-z0-9_-]+$/;

/** A lower-cased, trimmed e-mail address (unique key of users). */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/**
 * Field checks that collect every bad field before failing, with the rule names of spec §5's
 * catalogue (required, email, min, max, confirmed, accepted, regex, in), so the BFF can show
 * translated messages and a request changes nothing when any field is bad.
 */
export class FieldChecks {
  private readonly violations: FieldViolation[] = [];

  required(field: string, value: string, max = NAME_MAX): string {
    const text = value.trim();
    if (!text) this.add(field, 'is required', 'required');
    else if (text.length > max) this.add(field, `must be at most ${max} characters`, 'max', { max: String(max) });
    return text;
  }

  optional(field: string, value: string, max = NAME_MAX): string {
    const text = value.trim();
    if (text.length > max) this.add(field, `must be at most ${max} characters`, 'max', { max: String(max) });
    return text;
  }

  email(field: string, value: string): string {
    const email = normaliseEmail(value);
    if (!email) this.add(field, 'is required', 'required');
    else if (email.length > EMAIL_MAX)
      this.add(field, `must be at most ${EMAIL_MAX} characters`, 'max', { max: String(EMAIL_MAX) });
    else if (!EMAIL.test(email)) this.add(field, 'must be a valid email address', 'email');
    return email;
  }

  /** A new password: at least 6 characters and equal to its confirmation (rule "confirmed"). */
  newPassword(
    field: string,
    password: string,
    confirmation: string,
    confirmationField = `${field}_confirmation`,
  ): string {
    if (!password) this.add(field, 'is required', 'required');
    else if (password.length < PASSWORD_MIN)
      this.add(field, `must be at least ${PASSWORD_MIN} characters`, 'min', { min: String(PASSWORD_MIN) });
    else if (password.length > PASSWORD_MAX)
      this.add(field, `must be at most ${PASSWORD_MAX} characters`, 'max', { max: String(PASSWORD_MAX) });
    else if (password !== confirmation) this.add(confirmationField, 'does not match the password', 'confirmed');
    return password;
  }

  /** A password given to prove identity: only presence and the upper bound. */
  presentPassword(field: string, password: string): string {
    if (!password) this.add(field, 'is required', 'required');
    else if (password.length > PASSWORD_MAX)
      this.add(field, `must be at most ${PASSWORD_MAX} characters`, 'max', { max: String(PASSWORD_MAX) });
    return password;
  }

  phone(field: string, value: string): string {
    const phone = value.trim();
    if (phone && !PHONE.test(phone)) this.add(field, 'must be a phone number such as +41 44 123 45 67', 'regex');
    return phone;
  }

  language(field: string, value: string): string {
    const language = value.trim().toLowerCase();
    if (language && !LANGUAGE.test(language)) this.add(field, 'must be an ISO 639-1 code such as "de"', 'in');
    return language;
  }

  accepted(field: string, value: boolean, what: string): void {
    if (!value) this.add(field, `must be accepted: ${what}`, 'accepted');
  }

  id(field: string, value: string): string {
    const id = value.trim();
    if (!id) this.add(field, 'is required', 'required');
    else if (id.length > 200) this.add(field, 'must be at most 200 characters', 'max', { max: '200' });
    return id;
  }

  /** A catalogue product id (or the id segment of its URL): letters, digits, `-` and `_` only. */
  productId(field: string, value: string): string {
    const id = this.id(field, value);
    if (id && id.length <= 200 && !PRODUCT_ID.test(id))
      this.add(field, 'must be a product id (letters, digits, - and _)', 'regex');
    return id;
  }

  /** Six digits from an authenticator app (spaces ignored: apps show "123 456"). */
  appCode(field: string, value: string): string {
    const code = value.replace(/\s/g, '');
    if (!code) this.add(field, 'is required', 'required');
    else if (!/^\d{6}$/.test(code)) this.add(field, 'must be the six digits the app shows', 'regex');
    return code;
  }

  /** Six digits from the app, or a recovery code (`k3m9p-2xq7t`; case, spaces and dashes ignored). */
  appOrRecoveryCode(field: string, value: string): string {
    const code = value.trim();
    if (!code) this.add(field, 'is required', 'required');
    else if (!/^\d{6}$/.test(code.replace(/\s/g, '')) && !/^[A-Za-z0-9]{10}$/.test(code.replace(/[\s-]/g, '')))
      this.add(field, 'must be the six digits the app shows or a recovery code', 'regex');
    return code;
  }

  add(field: string, reason: string, rule: string, params?: Record<string, string>): void {
    this.violations.push({ field, reason, rule, ...(params ? { params } : {}) });
  }

  /** Throws INVALID_ARGUMENT with every violation when any check failed. */
  done(): void {
    if (this.violations.length > 0) throw new InvalidArgumentError(this.violations);
  }
}
