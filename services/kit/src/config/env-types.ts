import { z } from 'zod';

/** Reusable zod types for environment variables (all env values are strings). */

export const port = z.coerce.number().int().min(0).max(65535);

export const positiveInt = z.coerce.number().int().positive();

const HOST_PORT = String.raw`(?:[A-Za-z0-9.\-_]+|\[[0-9a-fA-F:]+\]):\d{1,5}`;

/**
 * A gRPC target: `host:port` (e.g. `127.0.0.1:50051`, `catalog:50051`), or the same behind an
 * explicit DNS scheme, `dns:///host:port` or `dns://<dns server>/host:port`. Clients resolve
 * host names through DNS either way and balance over every address (kit grpc/channel-pool).
 */
export const grpcAddress = z
  .string()
  .regex(new RegExp(`^(?:dns://(?:${HOST_PORT})?/)?${HOST_PORT}$`), 'must be host:port or dns:///host:port');

export const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

export const url = z.string().url();

/** 'true'/'1'/'yes' and 'false'/'0'/'no' (unlike z.coerce.boolean, which makes 'false' true). */
export const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');
