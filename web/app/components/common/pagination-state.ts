/**
 * The pagination control of spec §2.8: first, previous, current, next, last. First and
 * previous are disabled on the first page, next and last on the last; when the page count is
 * unknown (the total is only a lower bound) last shows "..." and goes nowhere, while next stays.
 */
export interface PaginationButton {
  readonly kind: 'first' | 'previous' | 'current' | 'next' | 'last';
  /** The page it goes to; null when disabled. */
  readonly page: number | null;
  /** What it shows: the page number for current and a known last page, else its arrow. */
  readonly label: string;
}

export function paginationButtons(page: number, pages: number | null): PaginationButton[] {
  const onFirst = page <= 1;
  const known = pages !== null;
  const onLast = known && page >= pages;
  return [
    { kind: 'first', page: onFirst ? null : 1, label: '«' },
    { kind: 'previous', page: onFirst ? null : page - 1, label: '‹' },
    { kind: 'current', page: null, label: String(page) },
    { kind: 'next', page: onLast ? null : page + 1, label: '›' },
    { kind: 'last', page: onLast ? null : known ? pages : null, label: known ? String(pages) : '...' },
  ];
}
