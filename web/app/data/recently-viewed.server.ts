import type { User } from '@pc/proto/accounts/v1/types';
import { recentlyViewed } from '~/services/accounts.server';
import { readRecentlyViewed } from '~/site/recently-viewed';
import { optional } from './load.server';

/**
 * The recently viewed products of a request (spec §9: at most 10, newest first): a signed-in
 * user's from accounts (the guest cookie was merged in at sign-in), a visitor's from the cookie.
 * Accounts down: the cookie stands in.
 */
export async function recentlyViewedIds(request: Request, user: User | null): Promise<string[]> {
  const cookie = readRecentlyViewed(request.headers.get('Cookie'));
  if (!user) return cookie;
  const stored = await optional(recentlyViewed.list(user.id));
  return stored ? stored.items.map((item) => item.productId) : cookie;
}
