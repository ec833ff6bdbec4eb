import { RateLimitedError } from '@pc/kit/errors/domain-errors';
import type { Cache } from '@pc/kit/ports/cache';

/** One window of the limiter: `limit` attempts per `windowMs` for a key. */
interface Limit {
  readonly name: string;
  readonly limit: number;
  readonly windowMs: number;
}

/**
 * Sign-in throttling through the Cache port's rate limiter (Redis in the cluster, so all
 * replicas count together). Three windows, each counted for every attempt before the password
 * is checked, so a throttled attempt costs no KDF run and reveals nothing:
 * - e-mail + IP: 5 a minute (one visitor retrying; Laravel's default),
 * - e-mail from any IP: 20 per 15 minutes (guessing one account from many addresses),
 * - IP for any e-mail: 100 per 15 minutes (credential stuffing from one address).
 */
export const LOGIN_LIMITS: readonly Limit[] = [
  { name: 'email-ip', limit: 5, windowMs: 60_000 },
  { name: 'email', limit: 20, windowMs: 15 * 60_000 },
  { name: 'ip', limit: 100, windowMs: 15 * 60_000 },
];

export interface ThrottleDecision {
  /** Attempts left before throttling (the smallest of the windows). */
  readonly attemptsLeft: number;
}

export class LoginThrottle {
  constructor(
    private readonly cache: Cache,
    private readonly limits: readonly Limit[] = LOGIN_LIMITS,
  ) {}

  /** Counts an attempt; throws RESOURCE_EXHAUSTED LOGIN_THROTTLED "retry in N seconds" when over. */
  async attempt(scope: string, email: string, ip: string): Promise<ThrottleDecision> {
    const keys: Record<string, string> = {
      'email-ip': `${scope}:email-ip:${email}|${ip}`,
      email: `${scope}:email:${email}`,
      ip: `${scope}:ip:${ip}`,
    };
    const decisions = await Promise.all(
      this.limits
        .filter((limit) => limit.name !== 'ip' || ip !== '')
        .map((limit) => this.cache.hit(keys[limit.name] ?? limit.name, limit.limit, limit.windowMs)),
    );
    const refused = decisions.filter((decision) => !decision.allowed);
    if (refused.length > 0)
      throw tooManyAttempts(Math.max(...refused.map((decision) => decision.retryAfterMs)), 'LOGIN_THROTTLED');
    return { attemptsLeft: Math.min(...decisions.map((decision) => decision.remaining)) };
  }
}

/** Spec §8's throttle text for `retryAfterMs`. */
export function tooManyAttempts(retryAfterMs: number, reason: string): RateLimitedError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new RateLimitedError(`too many attempts, retry in ${seconds} seconds`, retryAfterMs, {
    reason,
    metadata: { retry_after_seconds: String(seconds) },
  });
}

/** Registrations from one IP address: 20 an hour (sign-up spam), when the BFF tells the address. */
export async function registrationAllowed(cache: Cache, ip: string): Promise<void> {
  if (!ip) return;
  const decision = await cache.hit(`register:ip:${ip}`, 20, 3_600_000);
  if (!decision.allowed) throw tooManyAttempts(decision.retryAfterMs, 'REGISTRATION_THROTTLED');
}

/** One mail per address per window (reset links, verification links): RESOURCE_EXHAUSTED otherwise. */
export async function oncePer(cache: Cache, key: string, windowMs: number, what: string): Promise<void> {
  const decision = await cache.hit(key, 1, windowMs);
  if (decision.allowed) return;
  const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
  throw new RateLimitedError(`${what} was sent a moment ago, retry in ${seconds} seconds`, decision.retryAfterMs, {
    reason: 'RATE_LIMITED',
  });
}
