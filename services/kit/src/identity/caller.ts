import { AsyncLocalStorage } from 'node:async_hooks';

/** Who made the call a handler serves, as verified by the kit (authenticate-call.ts). */
export interface Caller {
  /** The calling principal: a service of services.json, or web, admin, seed, ops. */
  readonly principal: string;
  /** The signed-in user the call is for ('' when none: an anonymous visitor or the service itself). */
  readonly userId: string;
  /** The user's token as received: calls the handler makes pass it on. */
  readonly userToken: string | undefined;
}

const scope = new AsyncLocalStorage<Caller>();

/** The verified caller of the inbound call being handled, if any (undefined outside handlers). */
export const currentCaller = (): Caller | undefined => scope.getStore();

/** Runs `work` as handling a call of `caller`. */
export const runAsCaller = <T>(caller: Caller, work: () => T): T => scope.run(caller, work);
