/**
 * Parts of pages kept in memory between the events that change them (ADR 093): what a service
 * answered for a page (a product, its offers, its rows), each stored with the tags of what it
 * shows (`product:<id>`, `shop:<id>`, `listing:<id>`, as the micro-cache's pages), dropped as
 * soon as the site hears an event naming one of them, and never older than `maxAgeMs` (for what
 * no event names: a product new in a category, an exchange rate). Past that age, for `staleMs`
 * more, a part no event changed is still answered while one read in the background replaces it
 * (ADR 094), as the micro-cache serves a page within its `stale-while-revalidate`. Reads of the
 * same part at the same time share one call. A part being read when any change is heard is handed
 * to its readers but not kept: it may have been read before the change.
 *
 * A part whose every change an event names (`evented`) may live `eventedMaxAgeMs` instead, but
 * only while the site is heard following the event bus (`followed`) and only if it was read
 * within that spell of following: read before it, a change may have gone unheard (ADR 101).
 */
export interface PagePartsOptions {
  /** How long a part may be kept at most; 0 keeps nothing (every read calls the service). */
  readonly maxAgeMs: number;
  /**
   * How long an evented part may be kept while the site follows the event bus (ADR 101): its
   * changes drop it as they are heard, so the age only bounds what a lost event could leave.
   * Never shorter than `maxAgeMs`; by default the same.
   */
  readonly eventedMaxAgeMs?: number;
  /** How long past `maxAgeMs` a part is still answered while it is read again; 0 reads it first. */
  readonly staleMs?: number;
  /**
   * How many of those reads in the background run at once: when many parts age together (a burst
   * of visitors after a quiet minute), their reads are spread out instead of taking every core at
   * once; a part whose turn has not come is answered as it is.
   */
  readonly maxReadsAgain?: number;
  /**
   * How many of those reads begin in a second at most: reads at once alone still took a core
   * or more for the first second of such a burst, back to back (each part a few milliseconds of
   * the site's and the services' CPU); paced, the parts of a hundred products are read again
   * over a few seconds of their `staleMs`. A part in the last third of its `staleMs` is read
   * again without waiting for the pace: held back there, parts that aged together would pass
   * their window together and be read first, all at once. 0: no pace.
   */
  readonly readsAgainPerSecond?: number;
  /** How many parts are kept at most; the least recently read leave first. */
  readonly maxEntries: number;
  readonly now?: () => number;
}

/** What became of reads and parts, for `/metrics`. */
export interface PagePartsStats {
  hits: number;
  /** Answered past their maximum age while read again in the background. */
  stale: number;
  misses: number;
  /** Parts dropped because an event named what they show. */
  changed: number;
  /** Parts that left for room (the least recently read). */
  evicted: number;
}

export interface PageParts {
  /** Whether parts are kept at all (a maximum age above 0). */
  readonly keeps: boolean;
  /**
   * The part under `key`: kept, or read by `load`. `tagsOf` names what the answer shows, or null
   * when it is not to be kept (a part of it failed: the next visitor asks again).
   */
  read<T>(
    key: string,
    load: () => Promise<T>,
    tagsOf: (value: T) => readonly string[] | null,
    options?: ReadOptions,
  ): Promise<T>;
  /** An event changed what these tags name: the parts that show any of them are dropped. */
  changed(tags: readonly string[]): void;
  /**
   * The follower of the event bus says it has followed it without a break since `since` (its
   * subscription's start, ms since the epoch) and will say so again within `forMs`. Until then,
   * evented parts read since that start (and since this process last heard it without a lapse)
   * may live `eventedMaxAgeMs`.
   */
  followed(since: number, forMs: number): void;
  /** Whether the last saying of the follower still holds. */
  followedNow(): boolean;
  readonly stats: PagePartsStats;
  size(): number;
}

export interface ReadOptions {
  /** Every change of what this part shows is named by an event the site follows (ADR 101). */
  readonly evented?: boolean;
}

interface Part {
  readonly value: Promise<unknown>;
  readonly evented: boolean;
  /** When its read began: what it shows may be as old as that. */
  readonly readAt: number;
  /** When it was read; null while the read is under way. */
  storedAt: number | null;
  tags: readonly string[];
  /** Whether a read that will replace this kept part is under way. */
  refreshing: boolean;
}

export function pageParts({
  maxAgeMs,
  eventedMaxAgeMs = maxAgeMs,
  staleMs = 0,
  maxReadsAgain = 2,
  readsAgainPerSecond = 0,
  maxEntries,
  now = Date.now,
}: PagePartsOptions): PageParts {
  const parts = new Map<string, Part>();
  /** tag → keys of the kept parts that show it. */
  const tagged = new Map<string, Set<string>>();
  /** Keys of the parts whose read is under way. */
  const reading = new Set<string>();
  /** Counts the changes heard. */
  let changesHeard = 0;
  let readingAgain = 0;
  /** When the next read in the background may begin (readsAgainPerSecond). */
  let nextReadAgainAt = 0;
  /**
   * tag → the count of the last change that named it, recorded while reads in the background are
   * under way (and forgotten when none is): their answers are not kept if a change named
   * anything they show since they began.
   */
  const namedAt = new Map<string, number>();
  const stats: PagePartsStats = { hits: 0, stale: 0, misses: 0, changed: 0, evicted: 0 };
  /** Since when the site has followed the event bus without a lapse heard here; until when that holds. */
  let followedSince = Number.POSITIVE_INFINITY;
  let followedUntil = Number.NEGATIVE_INFINITY;
  const longestAgeMs = Math.max(maxAgeMs, eventedMaxAgeMs);
  const followedNow = () => now() < followedUntil;

  /** How long a kept `part` may be answered as current. */
  function maxAgeOf(part: Part): number {
    const followedSinceItsRead = part.evented && part.readAt >= followedSince && followedNow();
    return followedSinceItsRead ? longestAgeMs : maxAgeMs;
  }

  function followed(since: number, forMs: number): void {
    const at = now();
    // After a lapse, changes may have gone unheard in it: only what is read from now on counts.
    followedSince = at >= followedUntil ? Math.max(since, at) : Math.max(since, followedSince);
    followedUntil = at + forMs;
  }

  function drop(key: string): void {
    const part = parts.get(key);
    if (!part) return;
    parts.delete(key);
    reading.delete(key);
    for (const tag of part.tags) {
      const keys = tagged.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) tagged.delete(tag);
    }
  }

  function keep(key: string, part: Part, tags: readonly string[]): void {
    part.storedAt = now();
    part.tags = tags;
    for (const tag of tags) {
      let keys = tagged.get(tag);
      if (!keys) tagged.set(tag, (keys = new Set()));
      keys.add(key);
    }
    while (parts.size > maxEntries) {
      const oldest = parts.keys().next().value as string;
      drop(oldest);
      stats.evicted += 1;
    }
  }

  function read<T>(
    key: string,
    load: () => Promise<T>,
    tagsOf: (value: T) => readonly string[] | null,
    { evented = false }: ReadOptions = {},
  ): Promise<T> {
    if (maxAgeMs <= 0) return load();
    const found = parts.get(key);
    const maxAge = found?.storedAt != null ? maxAgeOf(found) : maxAgeMs;
    if (found && (found.storedAt === null || now() - found.storedAt < maxAge)) {
      stats.hits += 1;
      if (found.storedAt !== null) {
        // Most recently read last: the first in the map leaves first.
        parts.delete(key);
        parts.set(key, found);
      }
      return found.value as Promise<T>;
    }
    if (found && now() - (found.storedAt as number) < maxAge + staleMs) {
      stats.stale += 1;
      parts.delete(key);
      parts.set(key, found);
      const urgent = now() - (found.storedAt as number) >= maxAge + (staleMs * 2) / 3;
      if (!found.refreshing && readingAgain < maxReadsAgain && (urgent || now() >= nextReadAgainAt)) {
        if (readsAgainPerSecond > 0) nextReadAgainAt = now() + 1000 / readsAgainPerSecond;
        readAgain(key, found, load, tagsOf);
      }
      return found.value as Promise<T>;
    }
    if (found) drop(key);
    stats.misses += 1;
    const readAt = now();
    const value = load();
    const part: Part = { value, evented, readAt, storedAt: null, tags: [], refreshing: false };
    parts.set(key, part);
    reading.add(key);
    value.then(
      (answer) => {
        // Still the part under way: no change was heard since the read began.
        if (parts.get(key) !== part) return;
        reading.delete(key);
        const tags = tagsNamed(tagsOf, answer);
        if (tags) keep(key, part, tags);
        else parts.delete(key);
      },
      () => {
        if (parts.get(key) !== part) return;
        reading.delete(key);
        parts.delete(key);
      },
    );
    return value;
  }

  /**
   * Reads a kept part past its age again, its readers answered meanwhile by the kept one. The new
   * answer replaces it unless a change named something it shows since the read began (it may have
   * been read before the change) or the part left; a failed or incomplete answer leaves it as it
   * is (the next reader tries again).
   */
  function readAgain<T>(
    key: string,
    stale: Part,
    load: () => Promise<T>,
    tagsOf: (value: T) => readonly string[] | null,
  ): void {
    stale.refreshing = true;
    readingAgain += 1;
    const readAt = now();
    const heard = changesHeard;
    const overtaken = (tags: readonly string[]) => tags.some((tag) => (namedAt.get(tag) ?? 0) > heard);
    const settle = (answer?: { value: T }) => {
      stale.refreshing = false;
      readingAgain -= 1;
      const tags = answer && parts.get(key) === stale ? tagsNamed(tagsOf, answer.value) : null;
      const keeps = answer !== undefined && tags !== null && !overtaken(tags);
      if (readingAgain === 0) namedAt.clear();
      if (!keeps) return;
      drop(key);
      const part: Part = {
        value: Promise.resolve(answer.value),
        evented: stale.evented,
        readAt,
        storedAt: null,
        tags: [],
        refreshing: false,
      };
      parts.set(key, part);
      keep(key, part, tags);
    };
    Promise.resolve()
      .then(load)
      .then(
        (value) => settle({ value }),
        () => settle(),
      );
  }

  function changed(tags: readonly string[]): void {
    if (tags.length === 0) return;
    changesHeard += 1;
    if (readingAgain > 0) for (const tag of tags) namedAt.set(tag, changesHeard);
    for (const key of reading) parts.delete(key);
    reading.clear();
    for (const tag of tags) {
      for (const key of [...(tagged.get(tag) ?? [])]) {
        drop(key);
        stats.changed += 1;
      }
    }
  }

  return {
    keeps: maxAgeMs > 0,
    read,
    changed,
    followed,
    followedNow,
    stats,
    size: () => parts.size,
  };
}

/** What `tagsOf` names of an answer; null (not kept) when it cannot say: the readers have the answer already. */
function tagsNamed<T>(tagsOf: (value: T) => readonly string[] | null, answer: T): readonly string[] | null {
  try {
    return tagsOf(answer);
  } catch {
    return null;
  }
}
