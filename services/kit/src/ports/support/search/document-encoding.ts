import { InvalidArgumentError, type FieldViolation } from '../../../errors/domain-errors.js';
import type { SearchDocument } from '../../search-index.js';
import type { SchemaPlan } from './schema-plan.js';

/** A keyword field's distinct values, or a number field's value; null when absent. */
export type FieldValue = readonly string[] | number | null;

/** What the index keeps of one document, validated against the schema. */
export interface EncodedDocument {
  readonly id: string;
  readonly json: string;
  /** Text per text field, in `plan.textFields` order ('' when absent). */
  readonly texts: readonly string[];
  /** Values per keyword/number field, in `plan.valueFields` order. */
  readonly values: readonly FieldValue[];
  readonly suggest: string | null;
}

type Raw = SearchDocument[string];

export function encodeDocument(plan: SchemaPlan, doc: SearchDocument, position: number): EncodedDocument {
  const violations: FieldViolation[] = [];
  const at = (field: string): string => `documents[${position}].${field}`;
  if (typeof doc.id !== 'string' || doc.id.length === 0 || doc.id.length > 512) {
    violations.push({ field: at('id'), reason: 'must be a string of 1 to 512 characters' });
  }
  const texts = plan.textFields.map(({ name }) => textOf(doc[name]));
  const values = plan.valueFields.map(({ name, type }): FieldValue => {
    const raw = doc[name];
    if (raw === null || raw === undefined) return null;
    if (type === 'keyword') return keywordsOf(raw);
    if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
    violations.push({ field: at(name), reason: 'must be a finite number' });
    return null;
  });
  if (violations.length > 0) throw new InvalidArgumentError(violations);
  const suggestIndex = plan.textFields.findIndex(({ name }) => name === plan.suggestField);
  const suggest = texts[suggestIndex] ?? '';
  return { id: doc.id, json: JSON.stringify(doc), texts, values, suggest: suggest === '' ? null : suggest };
}

function textOf(raw: Raw): string {
  if (raw === null || raw === undefined) return '';
  if (Array.isArray(raw)) return raw.join('\n');
  return String(raw);
}

function keywordsOf(raw: NonNullable<Raw>): readonly string[] | null {
  const list = Array.isArray(raw) ? raw.map(String) : [String(raw)];
  return list.length === 0 ? null : [...new Set(list)];
}
