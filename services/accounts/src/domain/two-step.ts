import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { hashToken } from './secret-token.js';

/** Two-step sign-in while it is on (ADR 153). Times are ISO 8601 UTC strings. */
export interface TwoStepRecord {
  /** The authenticator app's secret (base32), sealed (SecretBox, the user's id as context). */
  readonly secret: string;
  readonly onSince: string;
  /** The last 30-second step a code was taken for: a code signs in once, an older one never. */
  readonly lastStep: number;
  /** SHA-256 of each recovery code not used yet. */
  readonly recoveryCodes: readonly string[];
}

/** A secret handed to the app but not confirmed with a code yet. */
export interface TwoStepSetup {
  readonly secret: string;
  readonly expiresAt: string;
}

/** The apps' defaults (Google Authenticator, 1Password, Aegis all take them): SHA1, 6 digits, 30 s. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step either side: a phone's clock a little off, or a code typed as it turned over. */
const WINDOW = 1;
export const ISSUER = 'pricecompare';
export const SETUP_MINUTES = 15;
export const RECOVERY_CODE_COUNT = 10;

/** A new secret of 160 bits (RFC 4226's recommended length), base32 as apps take it typed. */
export const newAppSecret = (): string => new Secret({ size: 20 }).base32;

const totp = (secret: string, account = '') =>
  new TOTP({
    issuer: ISSUER,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
  });

/** The otpauth:// URI an app reads from a QR code: the site's name and the account's address. */
export const otpauthUri = (secret: string, account: string): string => totp(secret, account).toString();

/** Whether a code is the app's (six digits) rather than a recovery code. */
export const isAppCode = (code: string): boolean => /^\d{6}$/.test(code.replace(/\s/g, ''));

/**
 * The step an app code stands for when it is valid at `now` (±1 step) and later than `after`
 * (the last step taken): each code signs in once, so a code seen over a shoulder or in a log is
 * spent. Null when it is not.
 */
export function acceptedStep(secret: string, code: string, now: Date, after: number): number | null {
  const token = code.replace(/\s/g, '');
  const timestamp = now.getTime();
  const delta = totp(secret).validate({ token, timestamp, window: WINDOW });
  if (delta === null) return null;
  const step = Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
  return step > after ? step : null;
}

/** No 0/o, 1/l/i: read off paper and typed again. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k3m9p-2xq7t` (about 49 random bits each), shown once, stored as hashes. */
export function newRecoveryCodes(): string[] {
  const code = () =>
    Array.from(
      { length: 10 },
      (_, i) => (i === 5 ? '-' : '') + RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, code);
}

/** A recovery code as typed (any case, spaces or dashes) to its stored hash. */
export const recoveryCodeHash = (code: string): string => hashToken(code.toLowerCase().replace(/[\s-]/g, ''));
