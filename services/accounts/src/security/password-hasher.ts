import argon2 from 'argon2';

/**
 * argon2id at OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): ~45 ms per hash
 * on the 2-core dev VM. ADR 008 has the measurements and the scrypt comparison. The parameters
 * travel inside each PHC hash string, so raising them later re-hashes users at their next login.
 */
export const KDF_PARAMETERS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export class PasswordHasher {
  /** Verified against for unknown e-mails, so an answer costs the same whether the user exists. */
  private dummyHash: Promise<string> | null = null;

  constructor(private readonly parameters: typeof KDF_PARAMETERS = KDF_PARAMETERS) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password, this.parameters);
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      // A malformed stored hash never verifies (and never leaks why).
      return false;
    }
  }

  /** Spends the time of one verification without a user: login and reset for unknown e-mails. */
  async verifyNobody(password: string): Promise<false> {
    this.dummyHash ??= argon2.hash('no user has this password', this.parameters);
    await this.verify(await this.dummyHash, password);
    return false;
  }

  /** Whether a stored hash was made with weaker parameters than today's (re-hash on login). */
  needsRehash(hash: string): boolean {
    return argon2.needsRehash(hash, { memoryCost: this.parameters.memoryCost, timeCost: this.parameters.timeCost });
  }
}
