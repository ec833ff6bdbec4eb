import type { DocValues } from './doc-values.js';
import type { FilterPlan } from '@pc/kit/ports/support/search/request-filters';

export type RowPredicate = (rowid: number) => boolean;

const NOTHING: RowPredicate = () => false;

/**
 * The only rows an `id` filter lets through (ascending), so a search for a few ids visits those
 * rows instead of every row; null without an `id` filter. The predicate still checks them all.
 */
export function idCandidates(
  filters: readonly FilterPlan[],
  rowidOf: (id: string) => number | undefined,
): Int32Array | null {
  for (const filter of filters) {
    if (filter.kind !== 'anyOf' || filter.field !== 'id') continue;
    const rowids = filter.values.flatMap((id) => rowidOf(String(id)) ?? []);
    return Int32Array.from(new Set(rowids)).sort();
  }
  return null;
}

/** One predicate over rowids for all filters (AND); null when there are none. */
export function compileFilters(filters: readonly FilterPlan[], values: DocValues): RowPredicate | null {
  const predicates = filters.map((filter) => compileFilter(filter, values));
  if (predicates.length === 0) return null;
  if (predicates.length === 1) return predicates[0] ?? null;
  return (rowid) => predicates.every((predicate) => predicate(rowid));
}

function compileFilter(filter: FilterPlan, values: DocValues): RowPredicate {
  if (filter.kind === 'range') {
    const column = values.numbers[filter.field.slot];
    const gte = filter.gte ?? Number.NEGATIVE_INFINITY;
    const lt = filter.lt ?? Number.POSITIVE_INFINITY;
    if (column === undefined) return NOTHING;
    return (rowid) => {
      const value = column.get(rowid);
      return value >= gte && value < lt;
    };
  }
  if (filter.field === 'id') {
    const ids = new Set(filter.values.map(String));
    return (rowid) => ids.has(values.idOf(rowid) ?? '');
  }
  if (filter.field.type === 'number') {
    const column = values.numbers[filter.field.slot];
    const wanted = new Set(filter.values.map(Number).filter(Number.isFinite));
    if (column === undefined || wanted.size === 0) return NOTHING;
    return (rowid) => wanted.has(column.get(rowid));
  }
  const column = values.keywords[filter.field.slot];
  if (column === undefined) return NOTHING;
  const ordinals = new Set<number>();
  for (const value of filter.values) {
    const ordinal = column.ordinalOf(String(value));
    if (ordinal !== undefined) ordinals.add(ordinal);
  }
  if (ordinals.size === 0) return NOTHING;
  const isWanted = (ordinal: number): boolean => ordinals.has(ordinal);
  return (rowid) => column.some(rowid, isWanted);
}
