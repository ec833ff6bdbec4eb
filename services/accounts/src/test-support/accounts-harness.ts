import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { AccountDeleted, UserRegistered } from '@pc/proto/accounts/events/v1/events';
import { AccountsServiceService, type RegisterRequest } from '@pc/proto/accounts/v1/accounts';
import { createEmbeddedCache } from '@pc/in-process-cache/embedded-cache';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { loadConfig } from '@pc/kit/config/load-config';
import { Events } from '@pc/proto/event-catalog';
import { on, subscribeEvents } from '@pc/kit/events/subscriber';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { createServiceClient, type ServiceClient } from '@pc/kit/grpc/client';
import { createGrpcServer, type GrpcServer } from '@pc/kit/grpc/server';
import type { Cache } from '@pc/kit/ports/cache';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import type { EventBus, Subscription } from '@pc/kit/ports/event-bus';
import type { ServiceApp } from '@pc/kit/service/service-app';
import { buildAccountsApp } from '../app.js';
import { accountsConfigSchema } from '../config.js';
import { MailBox } from '@pc/kit/testing/outbox-mail';

const silent = pino({ level: 'silent' });

export type AccountsClient = ServiceClient<typeof AccountsServiceService>;

/** Adapters a suite runs on: embedded by default; MongoDB and Redis on the real-engine run. */
export interface EngineAdapters {
  readonly name: string;
  open(): Promise<OpenedAdapters>;
}

export interface OpenedAdapters {
  readonly documents?: DocumentStore;
  readonly cache?: Cache;
  /** Forgets rate-limit windows (a real Redis cannot follow the harness clock). */
  forgetCache?(): Promise<void>;
  close(): Promise<void>;
}

export const EMBEDDED: EngineAdapters = { name: 'embedded', open: async () => ({ close: async () => undefined }) };

/**
 * accounts built by app.ts, served over real gRPC on a free port, with its data dir (outbox mail
 * folder, embedded event log) in a temp dir. `advance` moves its clock (expiries).
 */
export class AccountsHarness {
  readonly registered: UserRegistered[] = [];
  readonly deleted: AccountDeleted[] = [];
  private offsetMs = 0;

  private constructor(
    readonly dataDir: string,
    readonly client: AccountsClient,
    readonly address: string,
    readonly mail: MailBox,
    private readonly app: ServiceApp,
    private readonly server: GrpcServer,
    private readonly bus: EventBus,
    private readonly adapters: OpenedAdapters,
    private subscription: Subscription | null = null,
  ) {}

  static async start(engine: EngineAdapters = EMBEDDED, env: Record<string, string> = {}): Promise<AccountsHarness> {
    const dataDir = mkdtempSync(join(tmpdir(), 'accounts-'));
    const adapters = await engine.open();
    const config = loadConfig(accountsConfigSchema, {
      GRPC_PORT: '0',
      OPS_PORT: '0',
      DATA_DIR: dataDir,
      SITE_URL: 'https://site.test',
      ...env,
    });
    let harness: AccountsHarness | null = null;
    const clock = () => new Date(Date.now() + (harness?.offsetMs ?? 0));
    // The embedded cache follows the service clock, so advancing it ends rate-limit windows too.
    const cache =
      adapters.cache ?? createEmbeddedCache({ now: () => 1 + performance.now() + (harness?.offsetMs ?? 0) });
    const app = await buildAccountsApp({ config, logger: silent }, { clock, documents: adapters.documents, cache });
    const server = createGrpcServer({ services: app.services, logger: silent });
    const address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
    await app.start?.();
    const bus = openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite'), pollIntervalMs: 5 });
    const client = createServiceClient(AccountsServiceService, address, { deadlineMs: 20_000 });
    harness = new AccountsHarness(dataDir, client, address, new MailBox(dataDir), app, server, bus, adapters);
    harness.subscription = await subscribeEvents(bus, {
      group: `test-${process.pid}-${Math.random().toString(36).slice(2)}`,
      logger: silent,
      handlers: [
        on(Events.userRegistered, async (event) => void harness?.registered.push(event)),
        on(Events.accountDeleted, async (event) => void harness?.deleted.push(event)),
      ],
    });
    return harness;
  }

  /** The service's clock (what an authenticator app on a phone in step with it shows codes for). */
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves the service's clock (and the rate limiter's) forward. */
  async advance(ms: number): Promise<void> {
    this.offsetMs += ms;
    if (ms >= 60_000) await this.adapters.forgetCache?.();
  }

  /** Registers a user with valid defaults (an e-mail of its own per call unless given). */
  async register(fields: Partial<RegisterRequest> = {}) {
    const email = fields.email ?? `user-${Math.random().toString(36).slice(2, 10)}@example.test`;
    return this.client.register({
      name: 'Anna Muster',
      email,
      password: 'secret-pass',
      passwordConfirmation: 'secret-pass',
      phone: '',
      accountType: 0,
      company: '',
      termsAccepted: true,
      language: 'en',
      rememberMe: false,
      client: { ip: '203.0.113.7', userAgent: 'jest' },
      ...fields,
    });
  }

  /** Logs a registered user in (registration does not sign in): the session, with its token. */
  async signIn(email: string, password = 'secret-pass') {
    const { session } = await this.client.login({
      email,
      password,
      rememberMe: false,
      client: { ip: '203.0.113.8', userAgent: 'jest' },
    });
    if (!session) throw new Error(`no session for ${email}`);
    return session;
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    closeAllChannels();
    await this.server.shutdown();
    await this.app.stop();
    await this.bus.close();
    await this.adapters.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

export { eventually } from '@pc/kit/testing/eventually';

/** The error a call failed with (or null), for asserting code, reason and violations. */
export async function failure(call: Promise<unknown>): Promise<{
  code?: number;
  reason?: string;
  details?: string;
  violations?: { field: string; rule?: string }[];
  retryAfterMs?: number;
  metadata?: Record<string, string>;
} | null> {
  return call.then(
    () => null,
    (error: unknown) => error as never,
  );
}
