import { murmur2, partitionForKey } from './murmur2.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('murmur2', () => {
  // Vectors from Apache Kafka's UtilsTest.testMurmur2: matching them means the local profile
  // places keys in the same partitions as the Kafka producers do.
  it.each([
    ['21', -973932308],
    ['foobar', -790332482],
    ['a-little-bit-long-string', -985981536],
    ['a-little-bit-longer-string', -1486304829],
    ['lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8', -58897971],
    ['abc', 479470107],
  ])('hashes %s like the Java client', (input, expected) => {
    expect(murmur2(bytes(input))).toBe(expected);
  });

  it('places a key like Kafka does and keeps every partition in range', () => {
    expect(partitionForKey('foobar', 50)).toBe(16);
    const seen = new Set<number>();
    for (let i = 0; i < 200; i += 1) {
      const partition = partitionForKey(`product-${i}`, 3);
      expect(partition).toBeGreaterThanOrEqual(0);
      expect(partition).toBeLessThan(3);
      seen.add(partition);
    }
    expect(seen.size).toBe(3);
  });
});
