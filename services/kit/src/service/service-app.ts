import type { Logger } from 'pino';
import { principalServing } from '../identity/call-graph.js';
import { runAsService } from '../identity/caller.js';
import type { ReadinessCheck } from '../ops/ops-server.js';
import type { ServiceRegistration } from '../grpc/service-types.js';

/**
 * A service built but not bound to any port: what `app.ts` of every service returns, so tests
 * can run it in-process and `main.ts` can serve it.
 */
export interface ServiceApp {
  readonly services: readonly ServiceRegistration[];
  /** Dependency checks behind `/readyz` (event bus, stores, …). */
  readonly readiness: Readonly<Record<string, ReadinessCheck>>;
  /** Starts background work (event subscriptions, schedulers) once the server listens. */
  start?(): Promise<void>;
  /** Stops background work and closes what the app opened. Called after the server drained. */
  stop(): Promise<void>;
}

export interface BuildContext<C> {
  readonly config: C;
  readonly logger: Logger;
}

/**
 * The app with its `start` and `stop` run as background work of the service it serves (the
 * principal of its registrations, as its handlers' calls sign): what they set going — consumers,
 * timers, listeners, start-up tasks — calls its peers as that service, also where every service
 * shares one process (tests), so the call graph judges those calls as in production (ADR 068).
 * Every `app.ts` returns its app through this.
 */
export function serviceApp<A extends ServiceApp>(app: A): A {
  const service = principalServing(app.services.map((registration) => registration.name));
  if (!service) return app;
  return {
    ...app,
    start: () => runAsService(service, async () => app.start?.()),
    stop: () => runAsService(service, () => app.stop()),
  };
}
