import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Bearer secrets (session tokens, reset and verification link tokens): 256 random bits,
 * base64url. Only their SHA-256 is stored — they are high-entropy, so a fast hash is enough
 * (a stolen database yields no usable token), unlike passwords.
 */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Constant-time comparison of a presented token with a stored hash. */
export function tokenMatches(token: string, storedHash: string): boolean {
  const presented = Buffer.from(hashToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** A short random id with a kind prefix, e.g. `u_Xy3…` (not secret). */
export const newId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('base64url')}`;
