/** The split form's field names, shared by the page and its action (ADR 065). */

/** One checkbox per picked offer: `split:<offer id>`. */
export const SPLIT_PREFIX = 'split:';
/** One checkbox per picked GTIN of the product: `gtin:<gtin>`. */
export const GTIN_PREFIX = 'gtin:';
/** A new product's name per language: `name_en` (required), `name_de`, … */
export const nameField = (language: string): string => `name_${language}`;
