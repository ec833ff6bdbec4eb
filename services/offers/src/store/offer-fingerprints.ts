import { randomInt } from 'node:crypto';

/** What the memo knows of one offer. */
export interface KnownOffer {
  /** Fingerprint of the observed fields the stored offer has (`fingerprintOf`). */
  readonly fingerprint: number;
  /** The stored offer's last-seen time, epoch ms. */
  readonly lastSeenMs: number;
}

/**
 * This process's seed of the fingerprints: fingerprints live only in its memory, and a shop that
 * cannot know the seed cannot shape a title whose fingerprint equals its old one while its price
 * changed (the hash below is fast, not cryptographic).
 */
const SEED = randomInt(0x7fffffff);

/**
 * A fingerprint of an offer's observed fields (`ObservedFields`, compared whole): 52 bits, an
 * exact integer in a float; never 0 (a forgotten offer). Two 32-bit multiply-xorshift lanes
 * (cyrb53's mixing) over the field names and values in order, without making a JSON text of
 * them: SHA-1 of the JSON took ~6 % of offers' thread in a crawl. Two different
 * field sets share a fingerprint with a probability of ~2⁻⁵²: the memo would then take a change
 * for a repeat until the offer changes again or the process restarts.
 */
export function fingerprintOf(fields: object): number {
  const lanes = new Lanes(SEED);
  lanes.value(fields);
  return lanes.digest() || 1;
}

/** Hash state; each kind of value is tagged, so `"1"` and `1`, `null` and `""` stay apart. */
class Lanes {
  private h1: number;
  private h2: number;

  constructor(seed: number) {
    this.h1 = 0xdeadbeef ^ seed;
    this.h2 = 0x41c6ce57 ^ seed;
  }

  value(value: unknown): void {
    switch (typeof value) {
      case 'string':
        this.code(1);
        this.text(value);
        return;
      case 'number':
        this.code(2);
        this.text(String(value));
        return;
      case 'boolean':
        this.code(value ? 3 : 4);
        return;
      case 'object':
        if (value === null) return this.code(5);
        this.code(6);
        for (const key in value) {
          const inner = (value as Record<string, unknown>)[key];
          if (inner === undefined) continue; // as JSON leaves it out
          this.text(key);
          this.value(inner);
        }
        return this.code(7);
      default:
        this.code(8); // undefined at the top: nothing to tell apart
    }
  }

  digest(): number {
    let { h1, h2 } = this;
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
    h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
    h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return (h2 & 0xfffff) * 0x100000000 + (h1 >>> 0);
  }

  /** Length first: tags, lengths and characters read back one way only, so different values differ. */
  private text(text: string): void {
    this.code(text.length + 16);
    for (let i = 0; i < text.length; i += 1) this.code(text.charCodeAt(i));
  }

  private code(code: number): void {
    this.h1 = Math.imul(this.h1 ^ code, 2654435761);
    this.h2 = Math.imul(this.h2 ^ code, 1597334677);
  }
}

const EMPTY = 0;
const FORGOTTEN = 0;
const INITIAL_SLOTS = 1 << 12;
const MAX_LOAD = 0.75;

/**
 * What this process last knew each offer's observed fields to be, as a fingerprint, with the
 * offer's last-seen time. Most observations of a crawl repeat what is stored; with this memo the
 * ingest tells them without reading the offer (a point read and a decode, a fifth of offers' time
 * in a crawl, ADR 034).
 *
 * Open addressing in typed arrays, 24 bytes a slot (6 M offers in ~200 MB), not a Map of objects
 * (~150 bytes an entry). Once `maxEntries` are known, further offers are not remembered: they
 * take the read, as all did before.
 *
 * Sound only while nothing else writes offers behind the store this process writes through:
 * `OfferRepository.put` updates it (or forgets the offer) as each write commits, and
 * `SoleWriterMemo` forgets everything when another client wrote the store.
 */
export class OfferFingerprints {
  private slots = INITIAL_SLOTS;
  private keys = new Float64Array(INITIAL_SLOTS);
  private fingerprints = new Float64Array(INITIAL_SLOTS);
  private lastSeen = new Float64Array(INITIAL_SLOTS);
  private count = 0;

  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.count;
  }

  get(offerId: string): KnownOffer | undefined {
    const slot = this.find(keyOf(offerId));
    const fingerprint = slot < 0 ? FORGOTTEN : this.fingerprints[slot]!;
    return fingerprint === FORGOTTEN ? undefined : { fingerprint, lastSeenMs: this.lastSeen[slot]! };
  }

  set(offerId: string, fingerprint: number, lastSeenMs: number): void {
    const key = keyOf(offerId);
    let slot = this.find(key);
    if (slot < 0) {
      if (this.count >= this.maxEntries) return;
      if (this.count + 1 > this.slots * MAX_LOAD) this.grow();
      slot = this.freeSlot(key);
      this.keys[slot] = key;
      this.count += 1;
    }
    this.fingerprints[slot] = fingerprint;
    this.lastSeen[slot] = lastSeenMs;
  }

  /** Forgets an offer: its next observation reads it. The slot keeps its key (a tombstone
   *  with no fingerprint), so the probe chains through it stay intact. */
  forget(offerId: string): void {
    const slot = this.find(keyOf(offerId));
    if (slot >= 0) this.fingerprints[slot] = FORGOTTEN;
  }

  clear(): void {
    this.slots = INITIAL_SLOTS;
    this.keys = new Float64Array(INITIAL_SLOTS);
    this.fingerprints = new Float64Array(INITIAL_SLOTS);
    this.lastSeen = new Float64Array(INITIAL_SLOTS);
    this.count = 0;
  }

  private find(key: number): number {
    const mask = this.slots - 1;
    for (let slot = key & mask; ; slot = (slot + 1) & mask) {
      const stored = this.keys[slot]!;
      if (stored === key) return slot;
      if (stored === EMPTY) return -1;
    }
  }

  private freeSlot(key: number): number {
    const mask = this.slots - 1;
    let slot = key & mask;
    while (this.keys[slot] !== EMPTY) slot = (slot + 1) & mask;
    return slot;
  }

  private grow(): void {
    const { keys, fingerprints, lastSeen } = this;
    this.slots *= 2;
    this.keys = new Float64Array(this.slots);
    this.fingerprints = new Float64Array(this.slots);
    this.lastSeen = new Float64Array(this.slots);
    keys.forEach((key, old) => {
      if (key === EMPTY) return;
      const slot = this.freeSlot(key);
      this.keys[slot] = key;
      this.fingerprints[slot] = fingerprints[old]!;
      this.lastSeen[slot] = lastSeen[old]!;
    });
  }
}

/**
 * A 52-bit key of an offer id (an exact integer in a float): offer ids are digests, so two
 * offers share a key with a probability of ~n²/2⁵³ (one in 10⁵ at ten million offers). Two that
 * did would share a memo slot: each would see the other's fingerprint, differ from it, and be read.
 */
function keyOf(offerId: string): number {
  let high = 0x811c9dc5;
  let low = 0x01000193;
  for (let i = 0; i < offerId.length; i += 1) {
    const code = offerId.charCodeAt(i);
    high = Math.imul(high ^ code, 0x01000193) >>> 0;
    low = Math.imul(low ^ code, 0x5bd1e995) >>> 0;
  }
  // 20 bits of one, 32 of the other; never 0 (the empty slot).
  return (high & 0xfffff) * 0x100000000 + low || 1;
}

/** How often the memo asks the store whether another client wrote it. */
const OTHERS_CHECK_MS = 100;

/**
 * The memo while this process is the store's only writer. Asks the store at most every 100 ms
 * whether another client committed a write (`DocumentStore.othersWriteToken`: another process
 * on the same embedded file) and forgets every offer when one did. A store that cannot tell
 * (MongoDB, shared by replicas) switches it off for good: every observation reads, as before.
 */
export class SoleWriterMemo {
  private token: string | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private off = false;

  constructor(
    readonly fingerprints: OfferFingerprints,
    private readonly store: { othersWriteToken(): Promise<string | null> },
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The memo to decide by now, or null. */
  async usable(): Promise<OfferFingerprints | null> {
    if (this.off) return null;
    if (this.now() - this.checkedAt < OTHERS_CHECK_MS) return this.fingerprints;
    this.checkedAt = this.now();
    const token = await this.store.othersWriteToken();
    if (token === null) {
      this.off = true;
      this.fingerprints.clear();
      return null;
    }
    if (this.token !== undefined && token !== this.token) this.fingerprints.clear();
    this.token = token;
    return this.fingerprints;
  }
}
