/** The default SEARCH_INDEX_PREFIX, whose copy keeps the names it always had. */
const DEFAULT_PREFIX = 'search';

/**
 * One copy of the search indices, named by SEARCH_INDEX_PREFIX: its indices, its side state (a
 * document store of its own) and its consumer group. Two copies on one event log (the embedded
 * and the Elasticsearch copy of bench:core, or a new copy built beside the live one before a
 * switch) must not share the group, or each would see only part of the events, nor the side
 * state, which tells what each copy has applied.
 */
export function searchCopy(prefix: string): { readonly store: string; readonly group: string } {
  if (prefix === DEFAULT_PREFIX) return { store: 'search', group: 'search-indexer' };
  return { store: `search-${prefix}`, group: `search-indexer.${prefix}` };
}
