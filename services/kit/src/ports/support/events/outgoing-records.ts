import { InvalidArgumentError, type FieldViolation } from '../../../errors/domain-errors.js';
import type { OutgoingRecord } from '../../event-bus.js';
import { assertTopicName } from './topic-name.js';

/** Rejects a whole batch before anything is written, naming every bad field. */
export function assertOutgoingRecords(records: readonly OutgoingRecord[]): void {
  if (!Array.isArray(records)) throw new InvalidArgumentError([{ field: 'records', reason: 'must be an array' }]);
  const violations: FieldViolation[] = [];
  records.forEach((record, i) => {
    try {
      assertTopicName(record.topic, `records[${i}].topic`);
    } catch (error) {
      if (error instanceof InvalidArgumentError) violations.push(...error.violations);
    }
    if (typeof record.key !== 'string') violations.push({ field: `records[${i}].key`, reason: 'must be a string' });
    if (!(record.value instanceof Uint8Array))
      violations.push({ field: `records[${i}].value`, reason: 'must be a Uint8Array' });
    const headers = Object.entries(record.headers ?? {});
    if (headers.some(([, value]) => typeof value !== 'string')) {
      violations.push({ field: `records[${i}].headers`, reason: 'values must be strings' });
    }
  });
  if (violations.length > 0) throw new InvalidArgumentError(violations);
}
