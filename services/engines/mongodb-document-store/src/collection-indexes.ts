import type { CollectionSpec, IndexSpec } from '@pc/kit/ports/document-store';
import type { CollectionHandle } from './collection-handle.js';

/**
 * The MongoDB index of a spec: plain ascending keys (no text, TTL, sparse or partial options,
 * which FerretDB v1 lacks). Non-unique ones end with `_id`, so a sort on the fields plus the
 * port's `_id` tiebreak walks the index in either direction. The name spells the definition
 * out: a changed spec creates a new index and never collides with the old one's options.
 */
export function indexDefinition(index: IndexSpec): { key: Record<string, 1>; name: string; unique: boolean } | null {
  const fields = [...new Set(index.fields)];
  // `_id` alone is MongoDB's own unique index already.
  if (fields.length === 1 && fields[0] === '_id') return null;
  const key: Record<string, 1> = {};
  for (const field of fields) key[field] = 1;
  const unique = index.unique === true;
  if (!unique) key._id = 1;
  return { key, name: `${unique ? 'ux' : 'ix'}(${fields.join(',')})`, unique };
}

/**
 * Creates the declared indexes that are missing (createIndex of an existing one is a no-op).
 * Indexes left out of a spec are not dropped: removing one is a deliberate migration.
 */
export async function ensureIndexes(handle: CollectionHandle, spec: CollectionSpec): Promise<void> {
  for (const index of spec.indexes ?? []) {
    const definition = indexDefinition(index);
    if (definition) await handle.raw.createIndex(definition.key, { name: definition.name, unique: definition.unique });
  }
}
