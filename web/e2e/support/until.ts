/**
 * Reads a value until it satisfies `ok` or the time is up, and returns the last value read: the
 * test then asserts on it, so a failure shows what the page showed.
 */
export async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
