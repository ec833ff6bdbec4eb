import { status as GrpcStatus } from '@grpc/grpc-js';
import { ErrorCode } from './http2/protocol.js';

/**
 * How a call ends when no `grpc-status` arrived: the mappings of the gRPC HTTP/2 protocol spec
 * (doc/http-grpc-status-mapping.md and PROTOCOL-HTTP2.md "Errors").
 */
export function statusFromHttpStatus(httpStatus: number): GrpcStatus {
  switch (httpStatus) {
    case 400:
      return GrpcStatus.INTERNAL;
    case 401:
      return GrpcStatus.UNAUTHENTICATED;
    case 403:
      return GrpcStatus.PERMISSION_DENIED;
    case 404:
      return GrpcStatus.UNIMPLEMENTED;
    case 429:
    case 502:
    case 503:
    case 504:
      return GrpcStatus.UNAVAILABLE;
    default:
      return GrpcStatus.UNKNOWN;
  }
}

export function statusFromRstCode(rstCode: number): GrpcStatus {
  switch (rstCode) {
    case ErrorCode.REFUSED_STREAM:
      return GrpcStatus.UNAVAILABLE;
    case ErrorCode.CANCEL:
      return GrpcStatus.CANCELLED;
    case ErrorCode.ENHANCE_YOUR_CALM:
      return GrpcStatus.RESOURCE_EXHAUSTED;
    case ErrorCode.INADEQUATE_SECURITY:
      return GrpcStatus.PERMISSION_DENIED;
    default:
      return GrpcStatus.INTERNAL;
  }
}

const PLAIN_MESSAGE = /^[\x20-\x24\x26-\x7e]*$/;

/** `grpc-message` is percent-encoded UTF-8; printable ASCII other than `%` goes as is. */
export function encodeGrpcMessage(text: string): string {
  if (PLAIN_MESSAGE.test(text)) return text;
  let encoded = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    encoded += byte >= 0x20 && byte <= 0x7e && byte !== 0x25 ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/** Decodes `grpc-message`; a peer that sent it malformed still gets its text shown, raw. */
export function decodeGrpcMessage(value: string | string[] | undefined): string {
  if (typeof value !== 'string') return '';
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
