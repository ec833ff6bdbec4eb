import { cookieValue, readCookie } from './cookies';

/** The cookie of spec §3: a JSON list of product ids, newest first, at most 10, for 30 days. */
export const RECENTLY_VIEWED_COOKIE = 'recently_viewed_products';
export const RECENTLY_VIEWED_MAX = 10;
export const RECENTLY_VIEWED_DAYS = 30;
const ID = /^[A-Za-z0-9_-]{1,128}$/;

export function readRecentlyViewed(cookieHeader: string | null | undefined): string[] {
  const raw = readCookie(cookieHeader, RECENTLY_VIEWED_COOKIE);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((id): id is string => typeof id === 'string' && ID.test(id)).slice(0, RECENTLY_VIEWED_MAX);
  } catch {
    return [];
  }
}

/** The list after viewing a product: it moves to the front, the oldest falls off. */
export const withViewed = (ids: readonly string[], id: string): string[] =>
  [id, ...ids.filter((x) => x !== id)].slice(0, RECENTLY_VIEWED_MAX);

export const recentlyViewedCookie = (ids: readonly string[]): string =>
  cookieValue(RECENTLY_VIEWED_COOKIE, JSON.stringify(ids), RECENTLY_VIEWED_DAYS);
