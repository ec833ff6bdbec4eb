import { utcDay } from '../domain/tracked-query.js';
import type { QueryCounts } from '../store/query-counts.js';

/**
 * Fewest visitor-days behind a query before it is suggested to anyone else: a query only one or
 * two people searched (a name, an address, an order number) is theirs, not a suggestion.
 */
export const MIN_VISITOR_DAYS = 3;

/** Days of counts a list sums (the longest window of "most searched"). */
const WINDOW_DAYS = 30;
/** Most queries a list holds: the head of what was searched, not its long tail. */
const LIST_SIZE = 2_000;
/** A list older than this is rebuilt in the background while the old one keeps answering. */
const REFRESH_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

export interface SearchedQuery {
  readonly query: string;
  /** Visitor-days: each visitor counts once a day (ADR 103). */
  readonly count: number;
}

interface CompletionList {
  readonly builtAt: number;
  /** Sorted by query text (code units), for a binary search of a prefix. */
  readonly entries: readonly SearchedQuery[];
}

/**
 * Completions of what a visitor types from what other visitors searched in the same country and
 * language ("most searched" counts: found something, once a visitor a day, no bots). Each
 * country and language has a list of its most searched queries over the last 30 days, made on
 * first use and made again every ten minutes in the background, so typing never waits for the
 * counts' store after the first request.
 */
export class SearchedQueries {
  private readonly lists = new Map<string, CompletionList>();
  private readonly building = new Map<string, Promise<CompletionList>>();

  constructor(
    private readonly counts: Pick<QueryCounts, 'top'>,
    private readonly clock: () => Date,
  ) {}

  /** Searched queries that start with `typed` (folded like the counts), most searched first. */
  async complete(typed: string, country: string, language: string, limit: number): Promise<SearchedQuery[]> {
    const prefix = foldTyped(typed);
    if (prefix.trim() === '') return [];
    const { entries } = await this.list(country, language);
    const matches: SearchedQuery[] = [];
    for (let i = lowerBound(entries, prefix); i < entries.length; i += 1) {
      const entry = entries[i]!;
      if (!entry.query.startsWith(prefix)) break;
      // What was typed in full adds nothing to the box.
      if (entry.query !== prefix.trimEnd()) matches.push(entry);
    }
    return matches.sort((a, b) => b.count - a.count || compare(a.query, b.query)).slice(0, limit);
  }

  private async list(country: string, language: string): Promise<CompletionList> {
    const key = `${country}|${language}`;
    const current = this.lists.get(key);
    if (current && this.clock().getTime() - current.builtAt < REFRESH_MS) return current;
    const pending = this.building.get(key) ?? this.build(key, country, language);
    // A stale list answers while its successor is made; a failed rebuild keeps it until the next try.
    if (current) {
      pending.catch(() => undefined);
      return current;
    }
    return pending;
  }

  private build(key: string, country: string, language: string): Promise<CompletionList> {
    const now = this.clock().getTime();
    const days = Array.from({ length: WINDOW_DAYS }, (_, i) => utcDay(new Date(now - i * DAY_MS)));
    const pending = this.counts
      .top(country, language, days, LIST_SIZE)
      .then((top) => {
        const entries = top
          .filter((entry) => entry.count >= MIN_VISITOR_DAYS)
          .sort((a, b) => compare(a.query, b.query));
        const list = { builtAt: now, entries };
        this.lists.set(key, list);
        return list;
      })
      .finally(() => this.building.delete(key));
    this.building.set(key, pending);
    return pending;
  }
}

/** What was typed, folded as counted queries are (case, inner whitespace); a trailing space stays. */
function foldTyped(text: string): string {
  return text.replace(/\s+/g, ' ').trimStart().toLocaleLowerCase('und');
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Index of the first entry whose query is not below `prefix`. */
function lowerBound(entries: readonly SearchedQuery[], prefix: string): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (entries[middle]!.query < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}
