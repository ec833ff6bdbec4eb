import { ConflictError } from '@pc/kit/errors/domain-errors';

/** Attempts of a read-modify-write before giving up with ConflictError. */
export const MAX_ATTEMPTS = 50;

/** Thrown by an attempt whose conditional write lost to a concurrent writer: try again. */
export class LostRace extends Error {}

/**
 * Runs `attempt` until it stops losing races, waiting a little more (with jitter) after each
 * loss so that writers contending for one document spread out instead of colliding in lockstep.
 */
export async function retryLostRaces<R>(what: string, attempt: () => Promise<R>): Promise<R> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof LostRace)) throw error;
      if (i >= MAX_ATTEMPTS) {
        throw new ConflictError(`${what}: still conflicting with concurrent writers after ${i} attempts`, {
          cause: error,
        });
      }
      await backOff(i);
    }
  }
}

/** A random pause of up to 2^attempt ms (at most 100 ms). */
export function backOff(attempt: number): Promise<void> {
  const ceiling = Math.min(100, 2 ** Math.min(attempt, 7));
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
}
