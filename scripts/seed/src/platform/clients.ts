import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { AccountsStaffServiceService } from '@pc/proto/accounts/v1/staff';
import { AffiliatesServiceService } from '@pc/proto/affiliates/v1/affiliates';
import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import { CrawlerServiceService } from '@pc/proto/crawler/v1/crawler';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { ShopReviewsServiceService } from '@pc/proto/offers/v1/shop_reviews';
import { SearchServiceService } from '@pc/proto/search/v1/search';
import { createServiceClient, type ServiceClient } from '@pc/kit/grpc/client';
import { loadProcessIdentity } from '@pc/kit/identity/process-identity';
import type { SeedConfig } from '../config.js';

export interface PlatformClients {
  readonly catalog: ServiceClient<typeof CatalogServiceService>;
  readonly offers: ServiceClient<typeof OffersServiceService>;
  readonly shopReviews: ServiceClient<typeof ShopReviewsServiceService>;
  readonly search: ServiceClient<typeof SearchServiceService>;
  readonly accounts: ServiceClient<typeof AccountsServiceService>;
  readonly accountsStaff: ServiceClient<typeof AccountsStaffServiceService>;
  readonly affiliates: ServiceClient<typeof AffiliatesServiceService>;
  readonly crawler: ServiceClient<typeof CrawlerServiceService>;
}

/** The seed's clients, signing as the seed (which may make only its own few writes). */
export function platformClients(config: SeedConfig): PlatformClients {
  loadProcessIdentity('seed', config);
  const options = { deadlineMs: config.SEED_DEADLINE_MS };
  return {
    catalog: createServiceClient(CatalogServiceService, config.CATALOG_GRPC_ADDR, options),
    offers: createServiceClient(OffersServiceService, config.OFFERS_GRPC_ADDR, options),
    shopReviews: createServiceClient(ShopReviewsServiceService, config.OFFERS_GRPC_ADDR, options),
    search: createServiceClient(SearchServiceService, config.SEARCH_GRPC_ADDR, options),
    accounts: createServiceClient(AccountsServiceService, config.ACCOUNTS_GRPC_ADDR, options),
    accountsStaff: createServiceClient(AccountsStaffServiceService, config.ACCOUNTS_GRPC_ADDR, options),
    affiliates: createServiceClient(AffiliatesServiceService, config.AFFILIATES_GRPC_ADDR, options),
    crawler: createServiceClient(CrawlerServiceService, config.CRAWLER_GRPC_ADDR, options),
  };
}
