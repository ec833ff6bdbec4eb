import { readFileSync } from 'node:fs';
import { ChannelCredentials, credentials, ServerCredentials } from '@grpc/grpc-js';
import type { GrpcTlsFiles } from '../config/grpc-tls-config.js';

const read = (path: string | undefined): Buffer | null => (path ? readFileSync(path) : null);

/** Plaintext without CERT/KEY; TLS with them; mutual TLS (callers need a CA-signed certificate) with the CA too. */
export function serverCredentials(tls: GrpcTlsFiles = {}): ServerCredentials {
  if (!tls.GRPC_TLS_CERT || !tls.GRPC_TLS_KEY) return ServerCredentials.createInsecure();
  const ca = read(tls.GRPC_TLS_CA);
  return ServerCredentials.createSsl(
    ca,
    [{ cert_chain: readFileSync(tls.GRPC_TLS_CERT), private_key: readFileSync(tls.GRPC_TLS_KEY) }],
    ca !== null,
  );
}

/**
 * Plaintext when no file is set. Otherwise TLS, checking servers against the CA (or the
 * system's roots without one); with a CA, CERT/KEY are presented as the client's certificate.
 */
export function clientCredentials(tls: GrpcTlsFiles = {}): ChannelCredentials {
  if (!tls.GRPC_TLS_CERT && !tls.GRPC_TLS_KEY && !tls.GRPC_TLS_CA) return credentials.createInsecure();
  const mutual = Boolean(tls.GRPC_TLS_CA);
  return credentials.createSsl(
    read(tls.GRPC_TLS_CA),
    mutual ? read(tls.GRPC_TLS_KEY) : null,
    mutual ? read(tls.GRPC_TLS_CERT) : null,
  );
}

/** A key telling credentials apart in the channel pool (the same files give the same key). */
export const tlsKey = (tls: GrpcTlsFiles = {}): string =>
  [tls.GRPC_TLS_CERT, tls.GRPC_TLS_KEY, tls.GRPC_TLS_CA].map((path) => path ?? '').join('|');
