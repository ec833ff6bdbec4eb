/**
 * Kafka's default partitioner (murmur2 of the key's UTF-8 bytes, made positive, modulo the
 * partition count). Using the very same function as the Java client and kafkajs means a key lands
 * in the same partition number in the local profile as on a real cluster.
 */

// Kafka's constants (`Utils.murmur2`): any other seed would put keys in other partitions.
const SEED = 0x9747b28c;
const M = 0x5bd1e995;
const R = 24;
const utf8 = new TextEncoder();

/** murmur2 as Kafka's `Utils.murmur2` computes it: a signed 32-bit integer. */
export function murmur2(data: Uint8Array): number {
  const length = data.length;
  const tail = length & ~3;
  let h = SEED ^ length;

  for (let i = 0; i < tail; i += 4) {
    let k = data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16) | (data[i + 3]! << 24);
    k = Math.imul(k, M);
    k ^= k >>> R;
    k = Math.imul(k, M);
    h = Math.imul(h, M) ^ k;
  }

  const rest = length - tail;
  if (rest >= 3) h ^= data[tail + 2]! << 16;
  if (rest >= 2) h ^= data[tail + 1]! << 8;
  if (rest >= 1) h = Math.imul(h ^ data[tail]!, M);

  h ^= h >>> 13;
  h = Math.imul(h, M);
  h ^= h >>> 15;
  return h | 0;
}

export function partitionForKey(key: string, partitions: number): number {
  // `& 0x7fffffff` is Kafka's toPositive: it keeps the partition of a negative hash stable.
  return (murmur2(utf8.encode(key)) & 0x7fffffff) % partitions;
}
