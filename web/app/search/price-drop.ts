/**
 * The price-drop filter of the search page and of category, brand and shop pages (ADR 145):
 * `refinements[drop]=10..`, the products whose lowest price in the page's country is at least
 * 10 % below the average of their daily lowest prices over the 30 days before today (search's
 * `drop` range, ADR 142). The pages write only that lower bound, as one checkbox; a link naming
 * another whole percent (`20..`) is read as that, anything else is no filter, never a failed page.
 */

export const DROP_FACET = 'drop';

/**
 * The least drop the checkbox asks for: the deals page's threshold (DEAL_MIN_DROP_PERCENT of
 * data/deals.server.ts, which this module, sent to the browser, cannot import).
 */
export const DROP_FILTER_MIN_PERCENT = 10;

/** The query parameter the filter is, in links, forms and the JSON API's query. */
export const DROP_PARAM = `refinements[${DROP_FACET}]`;

/** `N..` with N a whole percent from 1 to 100: the lower bound search takes (ADR 142). */
const AT_LEAST = /^(\d{1,3})\.\.$/;

/** The least drop in whole percent a refinement value asks for, or null when it is no such value. */
export function parseDropValue(value: string): number | null {
  const percent = Number(AT_LEAST.exec(value.trim())?.[1] ?? NaN);
  return Number.isInteger(percent) && percent >= 1 && percent <= 100 ? percent : null;
}

/** The refinement value of "at least `percent` below": `10..`. */
export const dropValue = (percent: number = DROP_FILTER_MIN_PERCENT): string => `${percent}..`;

/** The least drop a URL chooses: its last non-empty `refinements[drop]` (the last one sent), or null. */
export function chosenDrop(params: URLSearchParams): number | null {
  const value = params.getAll(DROP_PARAM).filter(Boolean).at(-1);
  return value === undefined ? null : parseDropValue(value);
}
