import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Retries an assertion until it passes (events are applied asynchronously) or the time is up,
 * then fails with the assertion's last error.
 */
export async function eventually<T>(assertion: () => Promise<T>, timeoutMs = 8_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(20);
    }
  }
}
