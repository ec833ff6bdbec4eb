// The server side of the RPC benchmark, in its own process: the kit's gRPC server with the echo
// service, and a Fastify HTTP/JSON endpoint doing the same work.
import Fastify from 'fastify';
import { pino } from 'pino';
import { createGrpcServer } from '@pc/kit/grpc/server';
import { echoService } from '@pc/kit/grpc/testing/echo-service';

const logger = pino({ level: 'silent' });
const grpc = createGrpcServer({ services: [echoService()], logger });
const grpcPort = await grpc.listen('127.0.0.1', 0);

const http = Fastify({ logger: false });
http.post('/echo', async (request) => {
  const body = request.body;
  return { message: body.message, tags: body.tags, amountMinor: body.amountMinor, traceId: '' };
});
await http.listen({ host: '127.0.0.1', port: 0 });

process.send({ grpcPort, httpPort: http.server.address().port });
process.on('disconnect', () => process.exit(0));
