import { status as GrpcStatus } from '@grpc/grpc-js';
import { TransportError } from './transport-error.js';

const USER_AGENT = `pc-kit-grpc/0.1 node/${process.versions.node}`;
// Metadata names are lower-case tokens and values printable ASCII (binary goes as `-bin`, base64).
const METADATA_KEY = /^[0-9a-z_.-]+$/;
const METADATA_VALUE = /^[\x20-\x7e]*$/;
// The transport's own headers are not the caller's to set.
const RESERVED_KEYS = new Set(['content-type', 'te', 'user-agent', 'grpc-timeout', 'grpc-encoding', 'grpc-accept-encoding']);

export interface RequestMetadata {
  readonly traceparent?: string | undefined;
  readonly metadata?: Readonly<Record<string, string>> | undefined;
}

/** The HEADERS of a gRPC request as a flat name, value, … list (what the HTTP/2 layer encodes). */
export function requestHeaders(path: string, authority: string, timeout: string, options: RequestMetadata): string[] {
  const fields = [
    ':method', 'POST',
    ':scheme', 'http',
    ':path', path,
    ':authority', authority,
    'content-type', 'application/grpc',
    'te', 'trailers',
    'user-agent', USER_AGENT,
    'grpc-timeout', timeout,
  ]; // prettier-ignore
  if (options.traceparent) fields.push('traceparent', options.traceparent);
  if (options.metadata) {
    for (const key in options.metadata) {
      const value = options.metadata[key] as string;
      const name = key.toLowerCase();
      if (!METADATA_KEY.test(name) || RESERVED_KEYS.has(name) || name.startsWith('grpc-') || !METADATA_VALUE.test(value)) {
        throw new TransportError(GrpcStatus.INTERNAL, `metadata ${JSON.stringify(key)} is not allowed`);
      }
      fields.push(name, value);
    }
  }
  return fields;
}
