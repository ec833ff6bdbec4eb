/** Quarter hours per day: every real time zone's offset is a whole number of them. */
export const SLOTS_PER_DAY = 96;
const SLOT_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

/**
 * Shards of a shop's monthly tally (ADR 043a): few, since a batch writes every shard a shop's
 * clicks fall in (a small shop's dozen clicks would touch them all), enough to keep a big shop's
 * documents at tens of thousands of counts each.
 */
export const TALLY_SHARDS = 4;

/** "YYYY-MM-DD" of the UTC day. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
/** "YYYY-MM" of the UTC month. */
export const utcMonth = (at: Date): string => at.toISOString().slice(0, 7);
/** The quarter hour of the UTC day, 0–95. */
export const slotOf = (at: Date): number => Math.floor((at.getTime() % DAY_MS) / SLOT_MS);

export const dayId = (shopId: string, day: string): string => `${shopId}|${day}`;

/** A monthly tally of a shop: its products' and offers' clicks, one shard (by product) of them. */
export const tallyId = (shopId: string, month: string, shard: number): string => `${shopId}|${month}|${shard}`;

/** The shard a product falls in (stable across processes); its offers count in the same shard. */
export function shardOf(id: string): number {
  // FNV-1a: cheap, and the same in every process (the fold computes one per click).
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % TALLY_SHARDS;
}

/** The month before a "YYYY-MM". */
export function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

/** The month after a "YYYY-MM". */
export function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}
