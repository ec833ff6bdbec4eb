import { InvalidArgumentError, type FieldViolation } from '../../../errors/domain-errors.js';
import type { FieldSpec, IndexSchema } from '../../search-index.js';

export interface TextField {
  readonly name: string;
  readonly boost: number;
}

/** A keyword or number field: filterable, facetable, sortable (the embedded adapter keeps them in `vals` and in memory). */
export interface ValueField {
  readonly name: string;
  readonly type: 'keyword' | 'number';
  /** Position among the fields of the same type (their column in `DocValues`). */
  readonly slot: number;
}

/** The validated schema in the shape the adapter works with. */
export interface SchemaPlan {
  readonly name: string;
  readonly textFields: readonly TextField[];
  /** Keyword and number fields in schema order: the layout of the stored `vals` array. */
  readonly valueFields: readonly ValueField[];
  readonly valueFieldsByName: ReadonlyMap<string, ValueField>;
  readonly keywordCount: number;
  readonly numberCount: number;
  readonly suggestField: string | undefined;
  readonly fields: ReadonlyMap<string, FieldSpec>;
  /** Canonical JSON of the schema: a different fingerprint on open means rebuild. */
  readonly fingerprint: string;
}

/** Lower-case like Elasticsearch index names, so both adapters accept the same names. */
const INDEX_NAME = /^[a-z0-9][a-z0-9_.-]{0,99}$/;
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export function planSchema(schema: IndexSchema): SchemaPlan {
  const violations: FieldViolation[] = [];
  if (!INDEX_NAME.test(schema.name)) violations.push({ field: 'name', reason: 'must match [a-z0-9][a-z0-9_.-]*' });
  const textFields: TextField[] = [];
  const valueFields: ValueField[] = [];
  let keywordCount = 0;
  let numberCount = 0;
  const entries = Object.entries(schema.fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [name, spec] of entries) {
    if (!FIELD_NAME.test(name) || name === 'id') {
      violations.push({ field: `fields.${name}`, reason: 'must be an identifier other than "id"' });
    } else if (spec.type === 'text') {
      const boost = spec.boost ?? 1;
      if (!Number.isFinite(boost) || boost <= 0)
        violations.push({ field: `fields.${name}.boost`, reason: 'must be > 0' });
      textFields.push({ name, boost });
    } else if (spec.type === 'keyword') {
      valueFields.push({ name, type: 'keyword', slot: keywordCount++ });
    } else if (spec.type === 'number') {
      valueFields.push({ name, type: 'number', slot: numberCount++ });
    } else {
      violations.push({ field: `fields.${name}.type`, reason: 'must be text, keyword or number' });
    }
  }
  const suggestField = schema.suggestField;
  if (suggestField !== undefined && schema.fields[suggestField]?.type !== 'text') {
    violations.push({ field: 'suggestField', reason: 'must name a text field' });
  }
  if (violations.length > 0) throw new InvalidArgumentError(violations);
  return {
    name: schema.name,
    textFields,
    valueFields,
    valueFieldsByName: new Map(valueFields.map((field) => [field.name, field])),
    keywordCount,
    numberCount,
    suggestField,
    fields: new Map(entries),
    fingerprint: JSON.stringify({ fields: entries, suggestField: suggestField ?? null }),
  };
}
