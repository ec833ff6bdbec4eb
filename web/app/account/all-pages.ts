/** One page of a paged list call: its items and how many pages the whole list has. */
export interface ListPage<T> {
  readonly items: readonly T[];
  readonly pages: number;
}

/**
 * Every item of a paged list call, page after page from the first, up to `maxPages` pages: the
 * data copy (ADR 148) reads lists whole, where the pages show one page at a time. Stops at the
 * last page the service names or at the first empty page.
 */
export async function allPages<T>(read: (page: number) => Promise<ListPage<T>>, maxPages: number): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= maxPages; page += 1) {
    const answer = await read(page);
    items.push(...answer.items);
    if (answer.items.length === 0 || page >= answer.pages) break;
  }
  return items;
}
