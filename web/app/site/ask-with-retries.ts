import type { ApiAnswer } from './api-client';

/** Waits between tries: short, then longer, so a busy server is not pressed harder. */
export const RETRY_DELAYS_MS: readonly number[] = [400, 1200, 3000];

/** An answer worth asking again for: the server was busy or down, or the network failed (status 0). */
export const isTransient = (answer: ApiAnswer): boolean =>
  answer.status === 0 || answer.status === 429 || answer.status >= 500;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A call safe to repeat (a read, or a write conditioned on a revision, which cannot apply twice):
 * a transient failure is tried again after each delay; any other answer (a success, a 401, a 400,
 * a 409) is final. A call that throws (the network failed) counts as a transient failure with
 * status 0. The last answer is returned.
 */
export async function askWithRetries<T>(
  ask: () => Promise<ApiAnswer<T>>,
  delays: readonly number[] = RETRY_DELAYS_MS,
  sleep: (ms: number) => Promise<void> = wait,
): Promise<ApiAnswer<T>> {
  const once = () => ask().catch((): ApiAnswer<T> => ({ status: 0, ok: false, retryAfter: null, body: null }));
  let answer = await once();
  for (const delay of delays) {
    if (!isTransient(answer)) break;
    await sleep(delay);
    answer = await once();
  }
  return answer;
}
