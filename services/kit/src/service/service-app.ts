import type { Logger } from 'pino';
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
