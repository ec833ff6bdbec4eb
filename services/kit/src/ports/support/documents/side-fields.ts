import { InvalidArgumentError } from '../../../errors/domain-errors.js';
import type { CollectionSpec, FindOptions } from '../../document-store.js';
import { checkFieldPath } from './field-path.js';

// Side fields (CollectionSpec.sideFields) may live outside the document's row, where no filter,
// sort or index can see them. Every adapter rejects such queries, so code that works on one
// adapter works on all.

/** Checks `spec.sideFields`: top-level field names, not `_id`/`_version`, in no index. */
export function checkSideFieldsSpec(spec: CollectionSpec): void {
  const sideFields = spec.sideFields ?? [];
  if (!Array.isArray(sideFields)) {
    throw new InvalidArgumentError([{ field: 'collection.sideFields', reason: 'must be an array of field names' }]);
  }
  sideFields.forEach((name, i) => {
    const field = `collection.sideFields[${i}]`;
    checkFieldPath(name, field);
    if (name.includes('.'))
      throw new InvalidArgumentError([{ field, reason: 'must be a top-level field, not a dotted path' }]);
    if (name === '_id' || name === '_version')
      throw new InvalidArgumentError([{ field, reason: `${name} cannot be a side field` }]);
  });
  const side = new Set(sideFields);
  (spec.indexes ?? []).forEach((index, i) => {
    index.fields.forEach((path, j) => {
      if (side.has(headOf(path))) {
        throw new InvalidArgumentError([
          { field: `collection.indexes[${i}].fields[${j}]`, reason: `${path} is a side field: it cannot be indexed` },
        ]);
      }
    });
  });
}

/** Throws when a filter or sort names a side field (or a path inside one). */
export function checkQueryAvoidsSideFields(
  sideFields: ReadonlySet<string>,
  filter: unknown,
  options?: FindOptions,
): void {
  if (sideFields.size === 0) return;
  const named = (value: unknown): string[] => (typeof value === 'object' && value !== null ? Object.keys(value) : []);
  for (const path of named(filter)) {
    if (sideFields.has(headOf(path)))
      throw new InvalidArgumentError([
        { field: `filter.${path}`, reason: 'is a side field: it cannot be filtered on' },
      ]);
  }
  for (const path of named(options?.sort)) {
    if (sideFields.has(headOf(path)))
      throw new InvalidArgumentError([{ field: `sort.${path}`, reason: 'is a side field: it cannot be sorted on' }]);
  }
}

function headOf(path: string): string {
  const dot = path.indexOf('.');
  return dot < 0 ? path : path.slice(0, dot);
}
