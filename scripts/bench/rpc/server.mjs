// The server side of bench:rpc, in a process of its own: the kit's gRPC server (grpc-js with
// the kit's options and handler wrapping) with the echo service, a stock grpc-js server (every
// option at its default) with a bare echo handler, a grpc-js server with the kit's options and
// the same bare handler, and a Fastify HTTP/JSON endpoint doing the same work. The runner asks
// for this process's CPU time around each cell.
import { Server, ServerCredentials } from '@grpc/grpc-js';
import Fastify from 'fastify';
import { pino } from 'pino';
import { SERVER_OPTIONS } from '@pc/kit/grpc/channel-options';
import { createGrpcServer } from '@pc/kit/grpc/server';
import { echoService } from '@pc/kit/grpc/testing/echo-service';
import { EchoServiceService } from '@pc/proto/testing/v1/echo';

const logger = pino({ level: 'silent' });
const kit = createGrpcServer({ services: [echoService()], logger });
const kitPort = await kit.listen('127.0.0.1', 0);

const echo = (request) => ({
  message: request.message,
  tags: request.tags,
  amountMinor: request.amountMinor,
  traceId: '',
  metadata: {},
  serverId: '',
});

async function bareServer(options) {
  const server = new Server(options);
  server.addService(EchoServiceService, {
    echo: ({ request }, callback) => callback(null, echo(request)),
    increment: (_call, callback) => callback(null, { count: 1 }),
    getCount: (_call, callback) => callback(null, { count: 1 }),
    countTo: (call) => call.end(),
  });
  return new Promise((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, port) =>
      error ? reject(error) : resolve(port),
    ),
  );
}
const stockPort = await bareServer(undefined);
const optionsPort = await bareServer(SERVER_OPTIONS);

const http = Fastify({ logger: false });
http.post('/echo', async (request) => echo(request.body));
await http.listen({ host: '127.0.0.1', port: 0 });

process.send({ kitPort, stockPort, optionsPort, httpPort: http.server.address().port });
process.on('message', (message) => {
  if (message === 'cpu') process.send({ cpu: process.cpuUsage() });
});
process.on('disconnect', () => process.exit(0));
