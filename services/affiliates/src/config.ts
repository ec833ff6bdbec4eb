import type { z } from 'zod';
import { grpcAddress } from '@pc/kit/config/env-types';
import { serviceConfigSchema } from '@pc/kit/config/service-config';

/** The affiliates service's environment: the common variables plus its peers. */
export const affiliatesConfigSchema = serviceConfigSchema({
  /** accounts, for the admin role of actors of promotion writes (local profile: 50054). */
  ACCOUNTS_GRPC_ADDR: grpcAddress.default('127.0.0.1:50054'),
  /** offers, for a promotion's shop (name, favicon) and homepage fallbacks (local profile: 50052). */
  OFFERS_GRPC_ADDR: grpcAddress.default('127.0.0.1:50052'),
});

export type AffiliatesConfig = z.infer<typeof affiliatesConfigSchema>;
