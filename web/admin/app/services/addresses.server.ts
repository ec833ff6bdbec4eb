import { config } from '../config.server';

/** The platform's services by name, with their gRPC addresses. */
export const SERVICE_ADDRESSES = {
  catalog: config.CATALOG_GRPC_ADDR,
  offers: config.OFFERS_GRPC_ADDR,
  search: config.SEARCH_GRPC_ADDR,
  accounts: config.ACCOUNTS_GRPC_ADDR,
  billing: config.BILLING_GRPC_ADDR,
  affiliates: config.AFFILIATES_GRPC_ADDR,
  crawler: config.CRAWLER_GRPC_ADDR,
  notifications: config.NOTIFICATIONS_GRPC_ADDR,
} as const;

export type ServiceName = keyof typeof SERVICE_ADDRESSES;

export const SERVICE_NAMES = Object.keys(SERVICE_ADDRESSES) as ServiceName[];
