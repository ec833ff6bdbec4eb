import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { AffiliatesServiceService } from '@pc/proto/affiliates/v1/affiliates';
import { OffersServiceService, RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import { loadConfig } from '@pc/kit/config/load-config';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { createServiceClient, type ServiceClient } from '@pc/kit/grpc/client';
import { createGrpcServer, type GrpcServer } from '@pc/kit/grpc/server';
import type { ServiceApp } from '@pc/kit/service/service-app';
import { buildAccountsApp } from '../../../accounts/src/app.js';
import { accountsConfigSchema } from '../../../accounts/src/config.js';
import { buildOffersApp } from '../../../offers/src/app.js';
import { offersConfigSchema } from '../../../offers/src/config.js';
import { buildAffiliatesApp } from '../app.js';
import { affiliatesConfigSchema } from '../config.js';

const silent = pino({ level: 'silent' });

/** The first admin of the harness's accounts (`adminId()` signs in as it). */
const ADMIN = { ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL: 'root@affiliates.test', ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD: 'root-secret' };

/**
 * The real accounts (admin roles), offers (shops) and affiliates services, each built from its
 * app.ts with the embedded adapters under one temp data dir and served over real gRPC on free
 * ports, as `npm start` runs them. `advance()` moves affiliates' clock (promotion status).
 */
export class AffiliatesHarness {
  private offsetMs = 0;

  private constructor(
    private readonly dataDir: string,
    private readonly apps: ServiceApp[],
    private readonly servers: GrpcServer[],
    readonly affiliates: ServiceClient<typeof AffiliatesServiceService>,
    readonly offers: ServiceClient<typeof OffersServiceService>,
    readonly accounts: ServiceClient<typeof AccountsServiceService>,
    /** host:port of affiliates' gRPC server. */
    readonly address: string,
  ) {}

  static async start(): Promise<AffiliatesHarness> {
    const dataDir = mkdtempSync(join(tmpdir(), 'affiliates-'));
    const base = { GRPC_PORT: '0', OPS_PORT: '0', DATA_DIR: dataDir };
    const serve = async (app: ServiceApp) => {
      const server = createGrpcServer({ services: app.services, logger: silent });
      const address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
      await app.start?.();
      return { server, address };
    };
    const accountsApp = await buildAccountsApp({ config: loadConfig(accountsConfigSchema, { ...base, ...ADMIN }), logger: silent });
    const accounts = await serve(accountsApp);
    // offers asks catalog only to match ingested offers, which these tests never publish.
    const offersApp = await buildOffersApp({ config: loadConfig(offersConfigSchema, { ...base, ACCOUNTS_GRPC_ADDR: accounts.address }), logger: silent });
    const offers = await serve(offersApp);
    let harness: AffiliatesHarness | null = null;
    const clock = () => new Date(Date.now() + (harness?.offsetMs ?? 0));
    const config = loadConfig(affiliatesConfigSchema, { ...base, ACCOUNTS_GRPC_ADDR: accounts.address, OFFERS_GRPC_ADDR: offers.address });
    const affiliatesApp = await buildAffiliatesApp({ config, logger: silent }, { clock });
    const affiliates = await serve(affiliatesApp);
    harness = new AffiliatesHarness(
      dataDir,
      [affiliatesApp, offersApp, accountsApp],
      [affiliates.server, offers.server, accounts.server],
      createServiceClient(AffiliatesServiceService, affiliates.address),
      createServiceClient(OffersServiceService, offers.address),
      createServiceClient(AccountsServiceService, accounts.address),
      affiliates.address,
    );
    return harness;
  }

  /** Moves affiliates' clock forward. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** A directory shop in offers (internal caller), its id. */
  async shop(name: string, domain: string, countries: string[]): Promise<string> {
    const { shop } = await this.offers.registerShop(RegisterShopRequest.fromPartial({ name, homepageUrl: `https://www.${domain}/`, countries, directoryListing: true }));
    return shop?.id ?? '';
  }

  /** A real user without roles, its id. */
  async registerUser(email: string): Promise<string> {
    const { user } = await this.accounts.register({
      name: email.split('@')[0] ?? email, email, password: 'secret-pass', passwordConfirmation: 'secret-pass', phone: '',
      accountType: 0, company: '', termsAccepted: true, language: 'en', rememberMe: false, client: undefined,
    });
    return user?.id ?? '';
  }

  /** The id of the accounts admin the harness starts with. */
  async adminId(): Promise<string> {
    const { user } = await this.accounts.login({ email: ADMIN.ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL, password: ADMIN.ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD, rememberMe: false, client: undefined });
    return user?.id ?? '';
  }

  async stop(): Promise<void> {
    closeAllChannels();
    for (const server of this.servers) await server.shutdown();
    for (const app of this.apps) await app.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
