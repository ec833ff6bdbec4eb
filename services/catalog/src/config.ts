import type { z } from 'zod';
import { grpcAddress } from '@pc/kit/config/env-types';
import { serviceConfigSchema } from '@pc/kit/config/service-config';

/** The catalog's environment: the common service variables plus accounts, for admin roles. */
export const catalogConfigSchema = serviceConfigSchema({
  /** accounts, for the admin role of actors of the admin writes (local profile: 50054). */
  ACCOUNTS_GRPC_ADDR: grpcAddress.default('127.0.0.1:50054'),
});

export type CatalogConfig = z.infer<typeof catalogConfigSchema>;
