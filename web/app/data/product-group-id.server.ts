import { createHash } from 'node:crypto';

/**
 * The structured data's product group id of a model (ADR 138): 16 hex digits of the SHA-256 of
 * its model key, so the page does not spell out catalog's key (brand id and name tokens), and the
 * same model keeps the same id on every page and render.
 */
export const productGroupId = (modelKey: string): string =>
  `model-${createHash('sha256').update(modelKey).digest('hex').slice(0, 16)}`;
