/** How long a key read as common is not read again (a common key rarely stops being common). */
export const COMMON_KEY_TTL_MS = 10 * 60_000;

/** Most keys remembered; past it the oldest remembered go first. */
export const MAX_COMMON_KEYS = 50_000;

/**
 * The title keys (in an offer's scope) found common lately. A common key is left out of an offer's
 * candidates, so its read only costs: a brand's word pair ("acme+black") comes up in offer after
 * offer, and each read loads its bound of rows. Only ids are kept, not the hits, so memory stays
 * small; the rare offer whose every key is common reads them again.
 */
export class CommonTitleKeys {
  private readonly expiries = new Map<string, number>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = COMMON_KEY_TTL_MS,
    private readonly maxKeys = MAX_COMMON_KEYS,
  ) {}

  has(scopedKey: string): boolean {
    const expiry = this.expiries.get(scopedKey);
    if (expiry === undefined) return false;
    if (expiry > this.now()) return true;
    this.expiries.delete(scopedKey);
    return false;
  }

  remember(scopedKey: string): void {
    this.expiries.delete(scopedKey);
    this.expiries.set(scopedKey, this.now() + this.ttlMs);
    // A Map iterates in insertion order: the first entry is the oldest remembered.
    while (this.expiries.size > this.maxKeys) this.expiries.delete(this.expiries.keys().next().value as string);
  }
}
