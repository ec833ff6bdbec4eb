/** Page sizes a table offers; anything else falls back to the first. */
export const PAGE_SIZES = [20, 50, 100] as const;

/** A table's state as the URL carries it (`?q=…&sort=name&dir=asc&page=2&size=50&…filters`). */
export interface TableQuery {
  readonly sort: string;
  readonly dir: 'asc' | 'desc';
  readonly page: number;
  readonly size: number;
  /** Every other parameter: the table's filters (`q`, `status`, …). */
  readonly filters: Readonly<Record<string, string>>;
}

/**
 * Reads a table's state from the URL: the sort must be one the table offers (else its default),
 * pages start at 1, the size is one of PAGE_SIZES. Filters are passed on as they are; the loader
 * validates the ones it uses.
 */
export function readTableQuery(
  url: URL,
  options: { sorts: readonly string[]; defaultSort: string; defaultDir?: 'asc' | 'desc' },
): TableQuery {
  const params = url.searchParams;
  const sort = options.sorts.includes(params.get('sort') ?? '') ? (params.get('sort') as string) : options.defaultSort;
  const dirParam = params.get('dir');
  const dir = dirParam === 'asc' || dirParam === 'desc' ? dirParam : (options.defaultDir ?? 'asc');
  const page = Math.max(1, Math.min(1_000_000, Math.trunc(Number(params.get('page'))) || 1));
  const asked = Number(params.get('size'));
  const size = (PAGE_SIZES as readonly number[]).includes(asked) ? asked : PAGE_SIZES[0];
  const filters: Record<string, string> = {};
  for (const [key, value] of params)
    if (!['sort', 'dir', 'page', 'size', 'lang', 'done', 'index'].includes(key)) filters[key] = value.slice(0, 200);
  return { sort, dir, page, size, filters };
}

/** The URL of the same table with some parameters changed (a filter or sort change goes back to page 1). */
export function tableHref(
  path: string,
  query: TableQuery,
  change: Partial<Record<'sort' | 'dir' | 'page' | 'size', string | number>>,
): string {
  const params = new URLSearchParams(query.filters);
  const next = { sort: query.sort, dir: query.dir, page: query.page, size: query.size, ...change };
  params.set('sort', String(next.sort));
  params.set('dir', String(next.dir));
  if (Number(next.page) > 1) params.set('page', String(next.page));
  if (Number(next.size) !== PAGE_SIZES[0]) params.set('size', String(next.size));
  return `${path}?${params}`;
}

/** A page of rows with where it sits, as every table shows it. */
export interface TablePage<Row> {
  readonly rows: readonly Row[];
  readonly page: number;
  readonly size: number;
  readonly total: number;
  readonly pages: number;
  /** The total is a lower bound (the service stopped counting). */
  readonly totalIsLowerBound?: boolean;
}
