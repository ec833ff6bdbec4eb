import { InvalidArgumentError } from '../../../errors/domain-errors.js';
import type { Document, Stored } from '../../../ports/document-store.js';

export interface EncodedDocument {
  readonly id: string;
  /** The document as JSON text, without `_id` and `_version` (those live in their own columns). */
  readonly json: string;
}

export function encodeDocument(doc: unknown, field = 'document'): EncodedDocument {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new InvalidArgumentError([{ field, reason: 'must be an object' }]);
  }
  const { _id: id, _version: _ignored, ...rest } = doc as Record<string, unknown>;
  if (typeof id !== 'string' || id.length === 0) {
    throw new InvalidArgumentError([{ field: `${field}._id`, reason: 'must be a non-empty string' }]);
  }
  let json: string;
  try {
    json = JSON.stringify(rest);
  } catch (error) {
    throw new InvalidArgumentError([{ field, reason: 'is not JSON-serialisable' }], { cause: error });
  }
  return { id, json };
}

/**
 * Rebuilds `{ _id, ...doc, _version }` by splicing text and parsing once, rather than parsing
 * and then copying the object to put `_id` first.
 */
export function decodeDocument<T extends Document>(id: string, version: number, json: string): Stored<T> {
  const idJson = JSON.stringify(id);
  const body = json.length > 2 ? `${json.slice(1, -1)},` : '';
  return JSON.parse(`{"_id":${idJson},${body}"_version":${version}}`) as Stored<T>;
}
