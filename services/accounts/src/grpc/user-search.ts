import type { Filter } from '@pc/kit/ports/document-store';
import type { Page } from '@pc/kit/paging/page';
import { trigrams } from '../domain/search-grams.js';
import type { StoredUser, UserRepository } from '../store/user-repository.js';

export interface UserQuery {
  readonly query: string;
  readonly adminsOnly: boolean;
  readonly businessOnly: boolean;
  /** More conditions (the staff search's filters). */
  readonly filter?: Filter;
  /** One field and its direction; newest first when absent. */
  readonly order?: { readonly field: 'createdAt' | 'email' | 'name'; readonly direction: 1 | -1 };
}

const NEWEST: NonNullable<UserQuery['order']> = { field: 'createdAt', direction: -1 };

function comparing(order: NonNullable<UserQuery['order']>) {
  return (a: StoredUser, b: StoredUser) => {
    const [x, y] = [a[order.field].toLowerCase(), b[order.field].toLowerCase()];
    return x === y ? a._id.localeCompare(b._id) : x < y ? -order.direction : order.direction;
  };
}

/**
 * Users whose name or e-mail contains the query. The store has no substring search, so users
 * carry the trigrams of both: candidates come from the query's rarest trigram (an indexed
 * lookup), then the substring is checked exactly. A query under 3 characters scans.
 */
export async function searchUsers(
  users: UserRepository,
  query: UserQuery,
  page: Page,
): Promise<{ users: StoredUser[]; total: number }> {
  const base: Record<string, unknown> = { ...query.filter, deletedAt: null };
  const order = query.order ?? NEWEST;
  if (query.adminsOnly) base.isAdmin = true;
  if (query.businessOnly) base.isBusiness = true;
  const text = query.query.trim().toLowerCase();
  if (!text) {
    const filter = base as Filter;
    const [found, total] = await Promise.all([
      users.find(filter, { sort: { [order.field]: order.direction }, skip: page.skip, limit: page.hitsPerPage }),
      users.count(filter),
    ]);
    return { users: found, total };
  }
  const grams = trigrams(text).slice(0, 6);
  let filter: Filter = base as Filter;
  if (grams.length > 0) {
    const counts = await Promise.all(
      grams.map(async (gram) => [gram, await users.count({ ...base, searchGrams: gram } as Filter)] as const),
    );
    const [rarest] = [...counts].sort((a, b) => a[1] - b[1]);
    filter = { ...base, searchGrams: rarest?.[0] ?? '' } as Filter;
  }
  const matches = (await users.find(filter))
    .filter((user) => user.name.toLowerCase().includes(text) || user.email.includes(text))
    .sort(comparing(order));
  return { users: matches.slice(page.skip, page.skip + page.hitsPerPage), total: matches.length };
}
