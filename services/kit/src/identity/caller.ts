import { AsyncLocalStorage } from 'node:async_hooks';
import { processIdentity, type ProcessIdentity } from './process-identity.js';

/** Who made the call a handler serves, as verified by the kit (authenticate-call.ts). */
export interface Caller {
  /** The calling principal: a service of services.json, or web, admin, seed, ops. */
  readonly principal: string;
  /** The signed-in user the call is for ('' when none: an anonymous visitor or the service itself). */
  readonly userId: string;
  /** The user's token as received: calls the handler makes pass it on. */
  readonly userToken: string | undefined;
}

/** Work of a service: a handled call, or the service's background work (no caller). */
interface ServiceWork {
  readonly caller: Caller | undefined;
  /** The identity the work's own calls sign with, when it is not the process's (test platforms). */
  readonly servedAs: ProcessIdentity | undefined;
}

const scope = new AsyncLocalStorage<ServiceWork>();

/** The verified caller of the inbound call being handled, if any (undefined outside handlers). */
export const currentCaller = (): Caller | undefined => scope.getStore()?.caller;

/** The identity the current work signs its own calls with, if not the process's. */
export const currentServerIdentity = (): ProcessIdentity | undefined => scope.getStore()?.servedAs;

/** Runs `work` as handling a call of `caller`, served by `servedAs` (default: the process's identity). */
export const runAsCaller = <T>(caller: Caller, work: () => T, servedAs?: ProcessIdentity): T =>
  scope.run({ caller, servedAs }, work);

/**
 * Runs `work` as background work of `service` — an event consumer, a job, a timer, a start-up
 * task: no inbound caller (no user token is passed on), and its calls sign as `service`. In
 * production the process is the service, so they sign with its identity as anywhere else in it; in
 * a test platform, where every service shares the process, the process's identity hands out the
 * service's (ProcessIdentity.asPrincipal), so the call graph judges them as in production.
 */
export const runAsService = <T>(service: string, work: () => T): T =>
  scope.run({ caller: undefined, servedAs: processIdentity()?.asPrincipal?.(service) }, work);

/**
 * The service whose work runs here, for work started now that runs later outside this context (a
 * consumer's records, delivered in whatever context the bus wakes up in): it runs as that
 * service's background work, never as the caller of a call that happened to wake it. Outside any
 * service's work, in the process's identity with no caller.
 */
export function backgroundOfCurrentWork(): <T>(work: () => T) => T {
  const current = scope.getStore();
  const background: ServiceWork = { caller: undefined, servedAs: current?.servedAs };
  return (work) => scope.run(background, work);
}
