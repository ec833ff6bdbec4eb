import { murmur2 } from '@pc/kit/ports/support/events/murmur2';

const utf8 = new TextEncoder();

/**
 * Which member should own each partition of a topic: round robin over the live members sorted by
 * id. Every member computes this from the same rows, so they agree without a leader. The start is
 * rotated by a hash of the topic so that, across many small topics, the first member in sort
 * order does not collect every partition 0.
 */
export function targetOwners(topic: string, partitions: number, members: readonly string[]): string[] {
  if (members.length === 0) return [];
  const sorted = [...members].sort();
  const rotation = (murmur2(utf8.encode(topic)) & 0x7fffffff) % sorted.length;
  return Array.from({ length: partitions }, (_, partition) => sorted[(partition + rotation) % sorted.length]!);
}
