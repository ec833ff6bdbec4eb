import { AsyncLocalStorage } from 'node:async_hooks';
import type { ProcessIdentity } from './process-identity.js';

/** Who made the call a handler serves, as verified by the kit (authenticate-call.ts). */
export interface Caller {
  /** The calling principal: a service of services.json, or web, admin, seed, ops. */
  readonly principal: string;
  /** The signed-in user the call is for ('' when none: an anonymous visitor or the service itself). */
  readonly userId: string;
  /** The user's token as received: calls the handler makes pass it on. */
  readonly userToken: string | undefined;
}

interface HandledCall {
  readonly caller: Caller;
  /** The identity of the server handling the call, when it is not the process's (test platforms). */
  readonly servedAs: ProcessIdentity | undefined;
}

const scope = new AsyncLocalStorage<HandledCall>();

/** The verified caller of the inbound call being handled, if any (undefined outside handlers). */
export const currentCaller = (): Caller | undefined => scope.getStore()?.caller;

/** The identity the server handling the current call signs its own calls with, if not the process's. */
export const currentServerIdentity = (): ProcessIdentity | undefined => scope.getStore()?.servedAs;

/** Runs `work` as handling a call of `caller`, served by `servedAs` (default: the process's identity). */
export const runAsCaller = <T>(caller: Caller, work: () => T, servedAs?: ProcessIdentity): T =>
  scope.run({ caller, servedAs }, work);
