import { InvalidArgumentError } from '../errors/domain-errors.js';
import { assertTopicName } from '../ports/support/events/topic-name.js';

/** Where a dead letter sits: its dead-letter topic, partition and offset. */
export interface DeadLetterPlace {
  readonly topic: string;
  readonly partition: number;
  readonly offset: number;
}

export const deadLetterId = (place: DeadLetterPlace): string => `${place.topic}/${place.partition}/${place.offset}`;

/** Reads "<topic>.dlq/<partition>/<offset>"; INVALID_ARGUMENT on `field` for anything else. */
export function parseDeadLetterId(id: string, field = 'id'): DeadLetterPlace {
  const parts = id.trim().split('/');
  const bad = (reason: string) => new InvalidArgumentError([{ field, reason }]);
  if (parts.length !== 3) throw bad('must be <dead-letter topic>/<partition>/<offset>');
  const [topic = '', partitionText = '', offsetText = ''] = parts;
  assertTopicName(topic, field);
  if (!topic.endsWith('.dlq')) throw bad(`"${topic}" is not a dead-letter topic (<topic>.dlq)`);
  const partition = Number(partitionText);
  const offset = Number(offsetText);
  if (!/^\d{1,9}$/.test(partitionText) || !Number.isSafeInteger(partition))
    throw bad('partition must be a whole number ≥ 0');
  if (!/^\d{1,15}$/.test(offsetText) || !Number.isSafeInteger(offset)) throw bad('offset must be a whole number ≥ 0');
  return { topic, partition, offset };
}
