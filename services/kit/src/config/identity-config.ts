import { z } from 'zod';

/**
 * A process's identity files (services/kit/src/identity): its private signing key (a JWK) and
 * the public keys of every principal (a JWKS). `npm start` writes them into DATA_DIR/identity;
 * the chart mounts them from a Secret. A service refuses to start without them (runService).
 */
export const identityShape = {
  IDENTITY_KEY_FILE: z.string().min(1).optional(),
  IDENTITY_TRUST_FILE: z.string().min(1).optional(),
};
