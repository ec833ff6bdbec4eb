import { readFileSync } from 'node:fs';
import { Client, credentials, Metadata, status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { AffiliatesServiceService } from '@pc/proto/affiliates/v1/affiliates';
import { BillingServiceService } from '@pc/proto/billing/v1/billing';
import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import { CrawlerServiceService } from '@pc/proto/crawler/v1/crawler';
import { NotificationsServiceService } from '@pc/proto/notifications/v1/notifications';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { SearchServiceService } from '@pc/proto/search/v1/search';
import type { MethodDefinition, ServiceDefinition } from '@pc/kit/grpc/service-types';
import { mayCall } from '@pc/kit/identity/call-graph';
import { SERVICE_TOKEN_HEADER } from '@pc/kit/identity/principals';
import {
  identityFromKeys,
  processIdentity,
  setProcessIdentity,
  type ProcessIdentity,
} from '@pc/kit/identity/process-identity';
import { platformIdentityFiles } from './platform-process';

/** The API of every service of services/services.json. */
export const SERVICE_APIS: Readonly<Record<string, ServiceDefinition>> = {
  catalog: CatalogServiceService,
  offers: OffersServiceService,
  search: SearchServiceService,
  accounts: AccountsServiceService,
  billing: BillingServiceService,
  affiliates: AffiliatesServiceService,
  crawler: CrawlerServiceService,
  notifications: NotificationsServiceService,
};

/** A principal's identity from the keys `npm start` wrote into the platform's DATA_DIR. */
export function platformIdentity(dataDir: string, principal: string): ProcessIdentity {
  const files = platformIdentityFiles(dataDir, principal);
  return identityFromKeys(
    principal,
    JSON.parse(readFileSync(files.IDENTITY_KEY_FILE, 'utf8')),
    JSON.parse(readFileSync(files.IDENTITY_TRUST_FILE, 'utf8')),
  );
}

/** A unary method of the API whose request has an actor_user_id (the empty request decoded). */
export const actorMethod = (api: ServiceDefinition): MethodDefinition =>
  Object.values(api).find(
    (method) => !method.responseStream && 'actorUserId' in (method.requestDeserialize(Buffer.alloc(0)) as object),
  )!;

/** The first unary method of the API that `principal` may not call. */
export const methodNotFor = (api: ServiceDefinition, principal: string): MethodDefinition | undefined =>
  Object.values(api).find((method) => !method.responseStream && !mayCall(principal, method.path));

/**
 * Calls a method with exactly the metadata given (no kit client: it would sign the call) and
 * resolves to the status code the service answered.
 */
export function rawStatus(
  address: string,
  method: MethodDefinition,
  request: unknown,
  metadata: Readonly<Record<string, string>> = {},
): Promise<GrpcStatus> {
  const client = new Client(address, credentials.createInsecure());
  const entries = new Metadata();
  for (const [key, value] of Object.entries(metadata)) entries.set(key, value);
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      method.path,
      method.requestSerialize,
      method.responseDeserialize,
      request,
      entries,
      { deadline: Date.now() + 10_000 },
      (error: ServiceError | null) => {
        client.close();
        resolve(error ? error.code : GrpcStatus.OK);
      },
    );
  });
}

/** The metadata of a call signed by `identity` as a service, with no user token. */
export const signedAs = async (identity: ProcessIdentity): Promise<Record<string, string>> => ({
  [SERVICE_TOKEN_HEADER]: `Bearer ${await identity.signer.serviceToken()}`,
});

/** Runs `work` with this process's calls signed as `principal`, then signs as before. */
export async function asPrincipal<T>(dataDir: string, principal: string, work: () => Promise<T>): Promise<T> {
  const before = processIdentity();
  setProcessIdentity(platformIdentity(dataDir, principal));
  try {
    return await work();
  } finally {
    setProcessIdentity(before);
  }
}
