// The server side of the RPC benchmark, in its own process: the kit's gRPC server with the echo
// service, a Fastify HTTP/JSON endpoint doing the same work, and, for reference, a stock grpc-js
// server with the same echo handler (what the kit ran on before its own transport).
import { Server, ServerCredentials } from '@grpc/grpc-js';
import Fastify from 'fastify';
import { pino } from 'pino';
import { createGrpcServer } from '@pc/kit/grpc/server';
import { echoService } from '@pc/kit/grpc/testing/echo-service';
import { EchoServiceService } from '@pc/proto/testing/v1/echo';

const logger = pino({ level: 'silent' });
const grpc = createGrpcServer({ services: [echoService()], logger });
const grpcPort = await grpc.listen('127.0.0.1', 0);

const http = Fastify({ logger: false });
http.post('/echo', async (request) => {
  const body = request.body;
  return { message: body.message, tags: body.tags, amountMinor: body.amountMinor, traceId: '' };
});
await http.listen({ host: '127.0.0.1', port: 0 });

const stock = new Server();
stock.addService(EchoServiceService, {
  echo: ({ request }, callback) => callback(null, { message: request.message, tags: request.tags, amountMinor: request.amountMinor, traceId: '' }),
  increment: (_call, callback) => callback(null, { count: 1 }),
});
const stockPort = await new Promise((resolve, reject) =>
  stock.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, port) => (error ? reject(error) : resolve(port))),
);

process.send({ grpcPort, httpPort: http.server.address().port, stockPort });
// The runner asks for this process's CPU time around each cell (µs of CPU per call).
process.on('message', (message) => {
  if (message === 'cpu') process.send({ cpu: process.cpuUsage() });
});
process.on('disconnect', () => process.exit(0));
