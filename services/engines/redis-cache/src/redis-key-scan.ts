import type { Redis } from 'ioredis';
import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { CacheKeyInfo, CacheKeyPage } from '@pc/kit/ports/cache';
import { RATE_PREFIX } from '@pc/kit/ports/support/cache/cache-arguments';

/** Keys SCAN visits per round trip: large enough to cross a sparse keyspace in few calls. */
const SCAN_COUNT = 1_000;
/** SCAN rounds one scanKeys step makes at most before it hands its cursor back: a step stays short. */
const MAX_ROUNDS = 20;

/** A prefix as a literal SCAN MATCH pattern: glob's special characters escaped. */
const literalPattern = (text: string): string => text.replace(/[*?[\]\\]/g, '\\$&');

/** Checks a cursor staff send back (INVALID_ARGUMENT) before any call to Redis. */
export const checkScanCursor = (cursor: string): void => void parseCursor(cursor);

/** A scan walks the values ('v'), then the rate-limit windows ('r'); its cursor names the phase and SCAN's cursor. */
type Phase = 'v' | 'r';

function parseCursor(cursor: string): { phase: Phase; at: string } {
  if (cursor === '') return { phase: 'v', at: '0' };
  const match = /^([vr]):(\d+)$/.exec(cursor);
  if (!match) throw new InvalidArgumentError([{ field: 'cursor', reason: 'is not a cursor this cache answered' }]);
  return { phase: match[1] as Phase, at: match[2]! };
}

/** The stored-key prefix of a phase, after ioredis's keyPrefix. */
const storedPrefix = (phase: Phase, prefix: string): string => (phase === 'r' ? RATE_PREFIX : '') + prefix;

/**
 * One bounded step of SCAN over the keys under `<keyPrefix><prefix>` (ioredis adds its keyPrefix
 * to commands' keys but neither to SCAN's pattern nor strips it from SCAN's answer, so both are
 * done here). Never KEYS: each round visits about SCAN_COUNT slots, at most MAX_ROUNDS per step.
 */
export async function scanUnder(
  client: Redis,
  keyPrefix: string,
  prefix: string,
  cursor: string,
  limit: number,
): Promise<CacheKeyPage> {
  let { phase, at } = parseCursor(cursor);
  let done = false;
  const found: { stored: string; key: string; rateLimit: boolean }[] = [];
  for (let round = 0; round < MAX_ROUNDS && found.length < limit; round += 1) {
    const under = keyPrefix + storedPrefix(phase, prefix);
    const [next, raw] = await client.scan(at, 'MATCH', `${literalPattern(under)}*`, 'COUNT', SCAN_COUNT);
    for (const name of raw) {
      const stored = name.slice(keyPrefix.length);
      // The values' pattern also matches the windows when the prefix is empty: they come in their own phase.
      if (phase === 'v' && stored.startsWith(RATE_PREFIX)) continue;
      found.push({ stored, key: stored.slice(phase === 'r' ? RATE_PREFIX.length : 0), rateLimit: phase === 'r' });
    }
    at = next;
    if (at !== '0') continue;
    if (phase === 'r') {
      done = true;
      break;
    }
    phase = 'r'; // from the start of the windows' scan: cursor r:0
  }
  return { keys: await describe(client, found), cursor: done ? '' : `${phase}:${at}` };
}

/** Value sizes and TTLs in one pipeline; a key gone meanwhile is left out. */
async function describe(
  client: Redis,
  keys: readonly { stored: string; key: string; rateLimit: boolean }[],
): Promise<CacheKeyInfo[]> {
  if (keys.length === 0) return [];
  const pipeline = client.pipeline();
  for (const { stored } of keys) pipeline.strlen(stored).pttl(stored);
  const replies = (await pipeline.exec()) ?? [];
  const described: CacheKeyInfo[] = [];
  keys.forEach(({ key, rateLimit }, i) => {
    const [sizeError, size] = replies[i * 2] ?? [];
    const [ttlError, ttl] = replies[i * 2 + 1] ?? [];
    if (sizeError || ttlError || Number(ttl) === -2) return;
    described.push({ key, rateLimit, sizeBytes: Number(size), ttlMs: Number(ttl) >= 0 ? Number(ttl) : null });
  });
  return described;
}

/**
 * Deletes the values under `<keyPrefix><prefix>` (and the rate-limit windows with `rateLimits`)
 * with SCAN and UNLINK, one batch per round; answers how many.
 */
export async function deleteUnder(
  client: Redis,
  keyPrefix: string,
  prefix: string,
  rateLimits: boolean,
): Promise<number> {
  let deleted = 0;
  for (const phase of rateLimits ? (['v', 'r'] as const) : (['v'] as const)) {
    const pattern = `${literalPattern(keyPrefix + storedPrefix(phase, prefix))}*`;
    let cursor = '0';
    do {
      const [next, found] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', SCAN_COUNT);
      cursor = next;
      const stored = found
        .map((name) => name.slice(keyPrefix.length))
        .filter((key) => phase === 'r' || !key.startsWith(RATE_PREFIX));
      // UNLINK gets the keyPrefix from ioredis again.
      if (stored.length > 0) deleted += await client.unlink(...stored);
    } while (cursor !== '0');
  }
  return deleted;
}
