import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | null = null;

/**
 * Bytes of heap still reachable: a full garbage collection, then `heapUsed`. Without the
 * collection, `heapUsed` also counts garbage that V8 has not yet collected, which grows with the
 * machine's load and makes memory bounds in tests flaky.
 */
export function retainedHeapBytes(): number {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
  return process.memoryUsage().heapUsed;
}
