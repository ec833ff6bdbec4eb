/** One suggestion of `GET /api/suggest`. */
export interface SuggestionItem {
  readonly kind: 'search' | 'product' | 'brand' | 'category';
  readonly text: string;
  readonly url: string;
  readonly image: string | null;
}

/** Fewer characters suggest nothing (the endpoint refuses them). */
export const MIN_SUGGEST_LENGTH = 2;

/** What the box asks for: the typed text as the endpoint takes it, or null when too short. */
export function suggestQuery(typed: string): string | null {
  const text = typed.trimStart();
  return text.length >= MIN_SUGGEST_LENGTH ? text : null;
}

/**
 * The option an arrow key moves to among `count` options: down from the input (-1) to the first,
 * up from the first back to the input, and around at the ends as listboxes do.
 */
export function movedActive(active: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  const next = active + step;
  if (next < -1) return count - 1;
  if (next >= count) return -1;
  return next;
}
