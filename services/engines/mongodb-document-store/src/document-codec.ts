import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { Document, Stored } from '@pc/kit/ports/document-store';
import { checkFields, NESTED_FLAG, unwrapNestedArrays, wrapNestedArrays } from './storage-form.js';

/** A document as MongoDB holds it: `_id`, the fields in storage form, `_version`. */
export interface MongoDocument {
  readonly _id: string;
  readonly _version: number;
  readonly [field: string]: unknown;
}

/** A document as the port sees it. */
export type StoredDocument = Stored<Document & Record<string, unknown>>;

export interface EncodedDocument {
  readonly id: string;
  /** The fields without `_id` and `_version`, as JSON values. */
  readonly body: Record<string, unknown>;
  /** Whether an array in it directly holds an array (see storage-form.ts). */
  readonly nestedArrays: boolean;
}

/**
 * Checks a document and reduces it to JSON values, so both adapters store the same thing:
 * `undefined` fields are dropped (BSON would store null), Dates become strings (BSON would store
 * dates, which read back as Date objects), -0 becomes 0 and NaN null, as JSON.stringify does.
 */
export function encodeDocument(doc: unknown, field = 'document'): EncodedDocument {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new InvalidArgumentError([{ field, reason: 'must be an object' }]);
  }
  const { _id: id, _version: _ignored, ...rest } = doc as Record<string, unknown>;
  if (typeof id !== 'string' || id.length === 0) {
    throw new InvalidArgumentError([{ field: `${field}._id`, reason: 'must be a non-empty string' }]);
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
  } catch (error) {
    throw new InvalidArgumentError([{ field, reason: 'is not JSON-serialisable' }], { cause: error });
  }
  return { id, body, nestedArrays: checkFields(body, field) };
}

/** What is written: `_id` first and `_version` last, the order reads return. */
export function toMongoDocument(encoded: EncodedDocument, version: number): MongoDocument {
  if (!encoded.nestedArrays) return { _id: encoded.id, ...encoded.body, _version: version };
  const body = wrapNestedArrays(encoded.body) as Record<string, unknown>;
  return { _id: encoded.id, ...body, [NESTED_FLAG]: true, _version: version };
}

/** The port's document of a lean read. */
export function fromMongoDocument<T extends Document>(doc: MongoDocument): Stored<T> {
  if (!(NESTED_FLAG in doc)) return doc as unknown as Stored<T>;
  const { [NESTED_FLAG]: _flag, ...rest } = doc;
  return unwrapNestedArrays(rest) as Stored<T>;
}

/** What a write stored, as the port returns it. */
export function storedOf<T extends Document>(encoded: EncodedDocument, version: number): Stored<T> {
  return { _id: encoded.id, ...encoded.body, _version: version } as unknown as Stored<T>;
}

/** The fields without `_id` and `_version`, for the "unchanged" comparison. */
export function bodyOf(doc: StoredDocument): Record<string, unknown> {
  const { _id: _skipId, _version: _skipVersion, ...body } = doc;
  return body;
}
