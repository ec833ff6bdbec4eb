import { promisify } from 'node:util';
import { gunzip, inflate } from 'node:zlib';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { TransportError } from './transport-error.js';

const decoders: Readonly<Record<string, (data: Buffer, options: { maxOutputLength: number }) => Promise<Buffer>>> = {
  gzip: promisify(gunzip),
  deflate: promisify(inflate),
};

/**
 * Inflates a message a peer chose to compress (`grpc-encoding`). The kit never compresses what it
 * sends (its messages are small and the links fast), but accepts what standard peers may send.
 */
export async function decompressMessage(payload: Buffer, encoding: unknown, maxLength: number): Promise<Buffer> {
  const decode = typeof encoding === 'string' ? decoders[encoding] : undefined;
  if (!decode) throw new TransportError(GrpcStatus.UNIMPLEMENTED, `Compression algorithm ${String(encoding)} is not supported`);
  try {
    return await decode(payload, { maxOutputLength: maxLength });
  } catch (error) {
    const tooLarge = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
    throw tooLarge
      ? new TransportError(GrpcStatus.RESOURCE_EXHAUSTED, `Received message larger than max (${maxLength})`)
      : new TransportError(GrpcStatus.INTERNAL, 'Received a message that does not decompress');
  }
}
