import { constants } from 'node:http2';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { decodeGrpcMessage, encodeGrpcMessage, statusFromHttpStatus, statusFromRstCode } from './status-mapping.js';

describe('status mapping', () => {
  it('percent-encodes grpc-message outside printable ASCII, and decodes it back', () => {
    expect(encodeGrpcMessage('product p-1 not found')).toBe('product p-1 not found');
    expect(encodeGrpcMessage('100% grüezi\n')).toBe('100%25 gr%C3%BCezi%0A');
    for (const text of ['100% grüezi\n', 'Ünïcødé ✓ 价格', '%41 stays']) expect(decodeGrpcMessage(encodeGrpcMessage(text))).toBe(text);
    expect(decodeGrpcMessage('bad %zz escape')).toBe('bad %zz escape');
  });

  it('maps HTTP statuses and stream resets as the gRPC spec says', () => {
    expect(statusFromHttpStatus(404)).toBe(GrpcStatus.UNIMPLEMENTED);
    expect(statusFromHttpStatus(503)).toBe(GrpcStatus.UNAVAILABLE);
    expect(statusFromHttpStatus(500)).toBe(GrpcStatus.UNKNOWN);
    expect(statusFromRstCode(constants.NGHTTP2_REFUSED_STREAM)).toBe(GrpcStatus.UNAVAILABLE);
    expect(statusFromRstCode(constants.NGHTTP2_CANCEL)).toBe(GrpcStatus.CANCELLED);
    expect(statusFromRstCode(constants.NGHTTP2_ENHANCE_YOUR_CALM)).toBe(GrpcStatus.RESOURCE_EXHAUSTED);
    expect(statusFromRstCode(constants.NGHTTP2_PROTOCOL_ERROR)).toBe(GrpcStatus.INTERNAL);
  });
});
