import { Secret, TOTP } from 'otpauth';

/** The apps' step (RFC 6238's default, accounts' too). */
const STEP_MS = 30_000;
const stepAt = (time: number) => Math.floor(time / STEP_MS);

/**
 * A test user's authenticator app (ADR 153), computing the codes a phone would show for the
 * secret the account page gave. Accounts takes each code once, only for a later step than the
 * last it took, and only within one step of now: `nextCode` picks the earliest step it will
 * take, waiting (up to a step) when the last code used was already the next step's.
 */
export class AuthenticatorApp {
  private readonly totp: TOTP;
  private lastStep = -Infinity;

  constructor(secret: string) {
    this.totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')) });
  }

  async nextCode(): Promise<string> {
    const step = Math.max(this.lastStep + 1, stepAt(Date.now()));
    const wait = (step - 1) * STEP_MS - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 50));
    this.lastStep = step;
    return this.totp.generate({ timestamp: step * STEP_MS });
  }

  /** Six digits the app shows for no step accounts would take around now. */
  wrongCode(): string {
    const now = stepAt(Date.now());
    const near = new Set([-1, 0, 1, 2].map((delta) => this.totp.generate({ timestamp: (now + delta) * STEP_MS })));
    for (let candidate = 0; ; candidate += 111_111) {
      const code = String(candidate % 1_000_000).padStart(6, '0');
      if (!near.has(code)) return code;
    }
  }
}
