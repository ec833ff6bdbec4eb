import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { Document, Stored } from '@pc/kit/ports/document-store';
import { wellFormed, wellFormedJson } from './well-formed-text.js';

export interface EncodedDocument {
  readonly id: string;
  /** The document as JSON text, without `_id` and `_version` (those live in their own columns); a lone surrogate as U+FFFD. */
  readonly json: string;
  /** Side fields with content, taken out of `json`, as a JSON object text; null when none has any. */
  readonly side: string | null;
}

const NO_SIDE_FIELDS: ReadonlySet<string> = new Set();

/**
 * `sideFields` are moved out of the JSON when they hold something (a non-empty array or object):
 * an empty outbox stays in the row, where it costs a few bytes and no side row.
 */
export function encodeDocument(doc: unknown, field = 'document', sideFields = NO_SIDE_FIELDS): EncodedDocument {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new InvalidArgumentError([{ field, reason: 'must be an object' }]);
  }
  const { _id: id, _version: _ignored, ...rest } = doc as Record<string, unknown>;
  if (typeof id !== 'string' || id.length === 0) {
    throw new InvalidArgumentError([{ field: `${field}._id`, reason: 'must be a non-empty string' }]);
  }
  if (wellFormed(id) !== id) {
    throw new InvalidArgumentError([
      { field: `${field}._id`, reason: 'must be well-formed Unicode (no lone surrogate)' },
    ]);
  }
  let aside: Record<string, unknown> | null = null;
  for (const name of sideFields) {
    if (!hasContent(rest[name])) continue;
    aside ??= {};
    aside[name] = rest[name];
    // JSON.stringify leaves out undefined; `delete` would turn `rest` into a slow dictionary object.
    rest[name] = undefined;
  }
  try {
    return {
      id,
      json: wellFormedJson(JSON.stringify(rest)),
      side: aside === null ? null : wellFormedJson(JSON.stringify(aside)),
    };
  } catch (error) {
    throw new InvalidArgumentError([{ field, reason: 'is not JSON-serialisable' }], { cause: error });
  }
}

function hasContent(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return typeof value === 'object' && value !== null && Object.keys(value).length > 0;
}

/**
 * Rebuilds `{ _id, ...doc, ...side, _version }` by splicing text and parsing once, rather than
 * parsing and then copying the object to put `_id` first.
 */
export function decodeDocument<T extends Document>(
  id: string,
  version: number,
  json: string,
  side: string | null = null,
): Stored<T> {
  const idJson = JSON.stringify(id);
  let body = json.length > 2 ? `${json.slice(1, -1)},` : '';
  if (side !== null && side.length > 2) body += `${side.slice(1, -1)},`;
  return JSON.parse(`{"_id":${idJson},${body}"_version":${version}}`) as Stored<T>;
}
