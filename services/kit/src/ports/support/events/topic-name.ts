import { InvalidArgumentError } from '../../../errors/domain-errors.js';

// Kafka's own rule for topic names, so a name that works locally also works on the cluster.
const TOPIC_NAME = /^[a-zA-Z0-9._-]{1,249}$/;

export function assertTopicName(name: unknown, field: string): asserts name is string {
  if (typeof name !== 'string' || !TOPIC_NAME.test(name) || name === '.' || name === '..') {
    throw new InvalidArgumentError([{ field, reason: 'must be 1-249 characters of a-z, A-Z, 0-9, ".", "_", "-"' }]);
  }
}
