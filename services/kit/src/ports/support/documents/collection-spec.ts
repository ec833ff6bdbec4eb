import { InvalidArgumentError } from '../../../errors/domain-errors.js';
import type { CollectionSpec } from '../../document-store.js';
import { checkFieldPath } from './field-path.js';
import { checkSideFieldsSpec } from './side-fields.js';

const COLLECTION_NAME = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;

/** The port's rules for a collection spec, so a spec valid for one adapter is valid for all. */
export function validateCollectionSpec(spec: CollectionSpec): void {
  if (typeof spec?.name !== 'string' || !COLLECTION_NAME.test(spec.name)) {
    throw new InvalidArgumentError([
      {
        field: 'collection.name',
        reason: 'must start with a letter and hold only [A-Za-z0-9_], at most 63 characters',
      },
    ]);
  }
  (spec.indexes ?? []).forEach((index, i) => {
    if (!Array.isArray(index.fields) || index.fields.length === 0) {
      throw new InvalidArgumentError([
        { field: `collection.indexes[${i}].fields`, reason: 'must name at least one field' },
      ]);
    }
    index.fields.forEach((path, j) => checkFieldPath(path, `collection.indexes[${i}].fields[${j}]`));
  });
  checkSideFieldsSpec(spec);
}
