// Which derivation a stored model key follows (ADR 138): a hash of the derivation's own version
// and of the vocabulary it reads, so a new colour word or unit re-keys the catalog at the next
// start without anyone remembering to bump a number.
import { createHash } from 'node:crypto';
import { TITLE_KEYS_VERSION } from '../derived/title-keys-version.js';
import { UNIT_SPELLINGS } from '../matching/units.js';
import { GROUP_OF_WORD } from '../matching/variant-words.js';
import { VARIANT_VOCABULARY } from './variant-values.js';

/**
 * The derivation's code (model-key.ts, variant-values.ts' token choice): bump it when that changes
 * what key a name gets. The word lists need no bump, the hash reads them; changes to the title
 * tokenizer are counted by the title keys' version, which is hashed as well.
 */
const MODEL_KEY_DERIVATION = 1;

/** The version stored beside every model key; a product with another one is re-keyed at start. */
export function modelKeyVersionOf(vocabulary: unknown): string {
  return createHash('sha256').update(JSON.stringify(vocabulary)).digest('base64url').slice(0, 16);
}

export const MODEL_KEY_VERSION = modelKeyVersionOf({
  derivation: MODEL_KEY_DERIVATION,
  titleTokens: TITLE_KEYS_VERSION,
  variantWords: [...GROUP_OF_WORD],
  units: UNIT_SPELLINGS,
  attributes: VARIANT_VOCABULARY,
});
