/**
 * Which derivation of category documents (category-document.ts) the categories index holds
 * (ADR 141). A store that never recorded one holds the first: names per language (ADR 127)
 * without `ancestor_names`. Bump it when the documents are derived otherwise from what the side
 * state holds (a field added, names taken elsewhere): every replica's start then derives the
 * documents an older release wrote again (events/category-rederivation.ts).
 *
 * 2: the ancestors' names in every language (`ancestor_names`, ADR 130).
 */
export const CATEGORY_DERIVATION = 2;

/** The derivation a store that never recorded one holds. */
export const FIRST_CATEGORY_DERIVATION = 1;
