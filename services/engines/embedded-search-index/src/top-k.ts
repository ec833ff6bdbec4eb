/**
 * The first `k` of `n` items (by index) in `compare` order, sorted. A bounded heap keeps it
 * O(n log k) for the usual first pages over large matching sets; a full sort is used when k
 * is a large part of n.
 */
export function topK(n: number, k: number, compare: (a: number, b: number) => number): number[] {
  const limit = Math.min(k, n);
  if (limit <= 0) return [];
  if (limit * 4 >= n) {
    return Array.from({ length: n }, (_, i) => i)
      .sort(compare)
      .slice(0, limit);
  }
  // Max-heap on `compare`: the root is the worst of the best `limit` seen so far.
  const heap: number[] = [];
  const worse = (a: number, b: number): boolean => compare(heap[a] ?? 0, heap[b] ?? 0) > 0;
  const swap = (a: number, b: number): void => {
    const t = heap[a] ?? 0;
    heap[a] = heap[b] ?? 0;
    heap[b] = t;
  };
  for (let item = 0; item < n; item++) {
    if (heap.length < limit) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0 && worse(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (compare(item, heap[0] ?? 0) < 0) {
      heap[0] = item;
      for (let i = 0; ;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let top = i;
        if (left < limit && worse(left, top)) top = left;
        if (right < limit && worse(right, top)) top = right;
        if (top === i) break;
        swap(i, top);
        i = top;
      }
    }
  }
  return heap.sort(compare);
}
