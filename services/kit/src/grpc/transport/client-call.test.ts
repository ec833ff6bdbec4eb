import { constants, createServer, type Http2Server, type ServerHttp2Stream } from 'node:http2';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { EchoServiceService } from '@pc/proto/testing/v1/echo';
import { closeAllChannels } from '../channel-pool.js';
import { createServiceClient } from '../client.js';

// What the client makes of peers that do not answer like a gRPC server: the mappings of the
// gRPC HTTP/2 spec, so callers (and their retry policy) see the right status.

const answers: Record<string, (stream: ServerHttp2Stream) => void> = {
  'a reset with CANCEL': (stream) => stream.close(constants.NGHTTP2_CANCEL),
  'a refused stream': (stream) => stream.close(constants.NGHTTP2_REFUSED_STREAM),
  'an HTML page': (stream) => {
    stream.respond({ ':status': 200, 'content-type': 'text/html' });
    stream.end('<html>oops</html>');
  },
  'HTTP 503': (stream) => {
    stream.respond({ ':status': 503 });
    stream.end();
  },
  'no grpc-status': (stream) => {
    stream.respond({ ':status': 200, 'content-type': 'application/grpc' });
    stream.end();
  },
  'a dropped connection': (stream) => {
    stream.respond({ ':status': 200, 'content-type': 'application/grpc' });
    setTimeout(() => stream.session?.destroy(), 10);
  },
};

describe('the kit client against a peer that misbehaves', () => {
  let server: Http2Server;
  let address: string;

  beforeAll(async () => {
    server = createServer();
    server.on('stream', (stream, headers) => {
      stream.on('error', () => {});
      answers[String(headers['x-answer'])]?.(stream);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    address = `127.0.0.1:${(server.address() as { port: number }).port}`;
  });

  afterAll(async () => {
    closeAllChannels();
    await new Promise((resolve) => server.close(resolve));
  });

  it.each([
    ['a reset with CANCEL', GrpcStatus.CANCELLED],
    ['a refused stream', GrpcStatus.UNAVAILABLE],
    ['an HTML page', GrpcStatus.UNKNOWN],
    ['HTTP 503', GrpcStatus.UNAVAILABLE],
    ['no grpc-status', GrpcStatus.INTERNAL],
    ['a dropped connection', GrpcStatus.UNAVAILABLE],
  ])('fails %s with status %i', async (answer, code) => {
    const client = createServiceClient(EchoServiceService, address, { deadlineMs: 2_000 });
    const call = client.echo({ message: 'x', tags: [], amountMinor: 0, failWith: '', delayMs: 0 }, { metadata: { 'x-answer': answer } });
    await expect(call).rejects.toMatchObject({ code });
  });
});
