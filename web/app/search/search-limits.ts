/** Business constants of spec §9 that the browser needs too. */
export const MAX_SEARCH_LENGTH = 512;
export const SEARCH_PAGE_SIZE = 20;
export const LOOKUP_PAGE_SIZE = 24;
export const REFINEMENT_DEBOUNCE_MS = 1000;
export const PAGE_SIZES = [20, 40, 60] as const;
