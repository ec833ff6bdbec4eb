import { openMongoDocumentStore } from '@pc/mongodb-document-store/mongo-document-store';
import { dropDatabase, uniqueDatabase } from '@pc/mongodb-document-store/test-support/test-database';
import { createServiceClient } from '@pc/kit/grpc/client';
import { AccountsStaffServiceService } from '@pc/proto/accounts/v1/staff';
import type { AdminPanel } from '@pc/proto/accounts/v1/types';
import { Events } from '@pc/proto/event-catalog';
import { AuditServiceService } from '@pc/proto/staff/v1/audit';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import type { ProductChanged } from '@pc/proto/catalog/events/v1/events';
import type { MatchProductRequest } from '@pc/proto/catalog/v1/catalog';
import { AccountsHarness, EMBEDDED } from '../../../accounts/src/test-support/accounts-harness.js';
import {
  newDataDir,
  offer,
  removeDataDir,
  startCatalog,
  type CatalogClient,
  type RunningCatalog,
} from './catalog-harness.js';
import { EventRecorder } from './event-recorder.js';

/** The catalog's document store under test: the embedded one, or a MongoDB database of its own. */
export interface CatalogStore {
  readonly name: string;
  open(): Promise<{ documents?: DocumentStore; close(): Promise<void> }>;
}

export const EMBEDDED_STORE: CatalogStore = {
  name: 'embedded store',
  open: async () => ({ close: async () => undefined }),
};

/** A database of its own on the MongoDB at `uri` for each suite that opens it, dropped when it closes. */
export const mongoCatalogStore = (uri: string, prefix: string): CatalogStore => ({
  name: 'MongoDB',
  open: async () => {
    const database = uniqueDatabase(prefix);
    const documents = await openMongoDocumentStore({ uri, database });
    return {
      documents,
      close: async () => {
        await documents.close();
        await dropDatabase(uri, database);
      },
    };
  },
});

const ADMIN = { ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL: 'root@catalog.test', ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD: 'root-secret' };

/** A user id accounts does not know (UNAUTHENTICATED). */
export const UNKNOWN_ACTOR = 'u_nobody';

/**
 * The catalog (app.ts over real gRPC) with the real accounts service it asks for roles, its
 * first admin signed in (`adminId`) and a signed-in user without the role (`memberId`); the
 * catalog's events read from its event log.
 */
export class CatalogAdminHarness {
  private constructor(
    readonly catalog: RunningCatalog,
    readonly accounts: AccountsHarness,
    readonly events: EventRecorder,
    readonly adminId: string,
    readonly memberId: string,
    private readonly closeStore: () => Promise<void>,
  ) {}

  get client(): CatalogClient {
    return this.catalog.client;
  }

  static async start(store: CatalogStore): Promise<CatalogAdminHarness> {
    const accounts = await AccountsHarness.start(EMBEDDED, ADMIN);
    const login = await accounts.client.login({
      email: ADMIN.ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL,
      password: ADMIN.ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD,
      rememberMe: false,
      client: undefined,
    });
    const member = await accounts.register({ email: 'member@catalog.test', name: 'Mia Member' });
    const dataDir = newDataDir();
    const opened = await store.open();
    const catalog = await startCatalog(
      dataDir,
      { ACCOUNTS_GRPC_ADDR: accounts.address },
      { documents: opened.documents },
    );
    const events = await EventRecorder.start(dataDir);
    return new CatalogAdminHarness(catalog, accounts, events, login.user?.id ?? '', member.user?.id ?? '', () =>
      opened.close(),
    );
  }

  /** A product made the way products are made: an offer that matches nothing. */
  async product(fields: Partial<MatchProductRequest>): Promise<string> {
    return (await this.client.matchProduct(offer(fields))).productId;
  }

  /** A new user holding one panel's staff role, granted by the first admin; returns its id. */
  async staffUser(email: string, panel: AdminPanel): Promise<string> {
    const roles = createServiceClient(AccountsStaffServiceService, this.accounts.address, { deadlineMs: 20_000 });
    const id = (await this.accounts.register({ email })).user?.id ?? '';
    await roles.grantStaffRole({ actorUserId: this.adminId, userId: id, panel });
    return id;
  }

  /** The shopping panel's audit entries of one action, newest first, as `actorUserId` reads them. */
  async auditEntries(actorUserId: string, action: string) {
    const audit = createServiceClient(AuditServiceService, this.catalog.address, { deadlineMs: 20_000 });
    const { entries } = await audit.listAuditEntries({
      actorUserId,
      panel: 'shopping',
      entityType: '',
      entityId: '',
      byUserId: '',
      action,
      page: undefined,
    });
    return entries;
  }

  /** ProductChanged payloads of one product so far, in publish order. */
  changesOf(productId: string): ProductChanged[] {
    return this.events.of(Events.productChanged).flatMap((event) => (event.key === productId ? [event.payload] : []));
  }

  async stop(): Promise<void> {
    await this.events.stop();
    await this.catalog.stop();
    await this.accounts.stop();
    await this.closeStore();
    removeDataDir(this.catalog.dataDir);
  }
}

export { eventually, failure } from '../../../accounts/src/test-support/accounts-harness.js';
