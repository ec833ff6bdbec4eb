import { z } from 'zod';

/**
 * Optional TLS for the platform's gRPC, from PEM files (Kubernetes mounts them from a Secret).
 * Unset: plaintext, the local default. A service serves and calls with the same files:
 * - GRPC_TLS_CERT + GRPC_TLS_KEY: the server speaks TLS; clients check servers against the
 *   system's roots.
 * - … + GRPC_TLS_CA: mutual TLS. The server asks every caller for a certificate signed by the
 *   CA, and clients check servers against the CA and present CERT/KEY as theirs.
 * A process that only calls (the BFF, scripts) may set GRPC_TLS_CA alone: it then checks servers
 * against the CA and presents no certificate.
 */
export const grpcTlsShape = {
  GRPC_TLS_CERT: z.string().min(1).optional(),
  GRPC_TLS_KEY: z.string().min(1).optional(),
  GRPC_TLS_CA: z.string().min(1).optional(),
};

export interface GrpcTlsFiles {
  readonly GRPC_TLS_CERT?: string | undefined;
  readonly GRPC_TLS_KEY?: string | undefined;
  readonly GRPC_TLS_CA?: string | undefined;
}

/** CERT and KEY come together; a server (`serves`) needs both when the CA is set. */
export function checkGrpcTls(env: GrpcTlsFiles, ctx: z.RefinementCtx, serves: boolean): void {
  const missing = (variable: string, message: string): void =>
    ctx.addIssue({ code: 'custom', path: [variable], message });
  if (env.GRPC_TLS_CERT && !env.GRPC_TLS_KEY) missing('GRPC_TLS_KEY', 'required when GRPC_TLS_CERT is set');
  if (env.GRPC_TLS_KEY && !env.GRPC_TLS_CERT) missing('GRPC_TLS_CERT', 'required when GRPC_TLS_KEY is set');
  if (serves && env.GRPC_TLS_CA && !env.GRPC_TLS_CERT && !env.GRPC_TLS_KEY) {
    missing('GRPC_TLS_CERT', 'required when GRPC_TLS_CA is set (the server needs a certificate for mutual TLS)');
  }
}
