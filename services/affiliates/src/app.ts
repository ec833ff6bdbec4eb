import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { connectStaffCheck } from '@pc/staff-access/staff-check';
import { createServiceClient } from '@pc/kit/grpc/client';
import { openDocumentStore } from '@pc/engine-profile/open-document-store';
import type { BuildContext, ServiceApp } from '@pc/kit/service/service-app';
import type { AffiliatesConfig } from './config.js';
import { affiliatesService } from './grpc/affiliates-service.js';
import { ShopDirectory } from './grpc/shop-directory.js';
import { PromotionRepository } from './store/promotion-repository.js';

/** A shop lookup is on the path of a staff write: short, and retried for reads by the client. */
const OFFERS_DEADLINE_MS = 3_000;

export interface AffiliatesAppOptions {
  /** The service's notion of now (promotion status; tests move it). */
  readonly clock?: () => Date;
}

/** Builds the affiliates service without binding a port (tests run it in-process). */
export async function buildAffiliatesApp({ config, logger }: BuildContext<AffiliatesConfig>, options: AffiliatesAppOptions = {}): Promise<ServiceApp> {
  const clock = options.clock ?? (() => new Date());
  const documents = await openDocumentStore(config, 'affiliates', logger);
  const promotions = await PromotionRepository.open(documents);
  const shops = new ShopDirectory(createServiceClient(OffersServiceService, config.OFFERS_GRPC_ADDR, { deadlineMs: OFFERS_DEADLINE_MS }));
  const staff = connectStaffCheck(config.ACCOUNTS_GRPC_ADDR, 'affiliates');
  return {
    services: [affiliatesService({ promotions, shops, staff, clock })],
    readiness: { documents: () => documents.isReady() },
    stop: async () => {
      await documents.close();
    },
  };
}
