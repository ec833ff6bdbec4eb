import { createHmac } from 'node:crypto';

/** Who clicked, as the click-out receives it; never stored as such. */
export interface VisitorSignals {
  /** A first-party pseudonymous id when the caller has one, else ''. */
  readonly visitorId: string;
  readonly ip: string;
  readonly userAgent: string;
}

/**
 * The pseudonymous visitor key of a click or a search: a keyed hash (HMAC-SHA256) of the visitor's id, or of
 * address and user agent when there is none, under a salt that changes every UTC day. The salt
 * is itself derived from a server secret, so nobody without the secret can test an address
 * against a key, and keys of two days cannot be linked: the raw address is never stored, and
 * the key serves only to tell a repeat (a click within its duplicate window, a search the same day).
 */
export class VisitorKeys {
  private salt: { day: string; key: Buffer } | null = null;

  constructor(private readonly secret: string) {
    if (!secret) throw new Error('a visitor key secret is required');
  }

  keyOf(signals: VisitorSignals, at: Date): string {
    const subject = signals.visitorId ? `id\n${signals.visitorId}` : `ip\n${signals.ip}\n${signals.userAgent}`;
    return createHmac('sha256', this.saltOf(at)).update(subject).digest('base64url').slice(0, 22);
  }

  private saltOf(at: Date): Buffer {
    const day = at.toISOString().slice(0, 10);
    if (this.salt?.day !== day)
      this.salt = { day, key: createHmac('sha256', this.secret).update(`visitor-salt\n${day}`).digest() };
    return this.salt.key;
  }
}
