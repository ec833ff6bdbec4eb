import { createServiceClient } from '@pc/kit/grpc/client';
import type { ServiceDefinition } from '@pc/kit/grpc/service-types';
import { config } from '../config.server';

/**
 * A gateway's client: the process-wide channel to the service, a deadline on every call. Routes
 * call the gateways' view-shaped functions, never grpc-js.
 */
export function client<D extends ServiceDefinition>(
  definition: D,
  address: string,
  deadlineMs = config.SERVICE_DEADLINE_MS,
) {
  return createServiceClient(definition, address, { deadlineMs });
}
