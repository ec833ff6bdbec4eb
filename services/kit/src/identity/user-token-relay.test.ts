import { EchoServiceService } from '@pc/proto/testing/v1/echo';
import { pino } from 'pino';
import { closeAllChannels } from '../grpc/channel-pool.js';
import { createServiceClient, type CallOptions } from '../grpc/client.js';
import { createGrpcServer, type GrpcServer } from '../grpc/server.js';
import { serviceRegistration, type ServiceHandlers, type ServiceRegistration } from '../grpc/service-types.js';
import { echoService } from '../grpc/testing/echo-service.js';
import type { CallGraph } from './call-graph.js';
import { setProcessIdentity } from './process-identity.js';
import { makeTestKeys, testIdentity } from './testing/test-identity.js';

const logger = pino({ level: 'silent' });
const graph: CallGraph = { ops: { testing: '*' }, web: { testing: '*' } };
const echo = (message: string) => ({ message, tags: [] as string[], amountMinor: 0, failWith: '', delayMs: 0 });
const answer = (message: string) => ({ ...echo(message), traceId: '', metadata: {}, serverId: '' });

/**
 * A handler's outbound calls: the user of the call it serves goes along (the callee judges that
 * user), unless the call is made `withoutUser`, when the callee sees the service alone.
 */
describe('the user of a call a handler makes', () => {
  const servers: GrpcServer[] = [];
  let relayAddress = '';
  let targetAddress = '';

  beforeAll(async () => {
    const keys = await makeTestKeys(['ops', 'web']);
    const handlers = echoService().handlers as ServiceHandlers<typeof EchoServiceService>;
    const serve = async (registration: ServiceRegistration) => {
      const server = createGrpcServer({
        services: [registration],
        logger,
        identity: await testIdentity('ops', keys, graph),
        graceMs: 500,
      });
      servers.push(server);
      return `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
    };
    // Answers who called: the principal and the signed-in user ('' for none).
    targetAddress = await serve(
      serviceRegistration('pricecompare.testing.v1.EchoService', EchoServiceService, {
        ...handlers,
        echo: async (_request, context) => answer(`${context.caller?.principal}/${context.caller?.userId}`),
      }),
    );
    const whoCalls = createServiceClient(EchoServiceService, targetAddress);
    // Passes each echo on; the message says with which options.
    relayAddress = await serve(
      serviceRegistration('pricecompare.testing.v1.EchoService', EchoServiceService, {
        ...handlers,
        echo: async (request) => {
          const options: CallOptions = request.message === 'without user' ? { withoutUser: true } : {};
          return whoCalls.echo(echo('?'), options);
        },
      }),
    );
    setProcessIdentity(await testIdentity('web', keys, graph));
  });

  afterAll(async () => {
    setProcessIdentity(undefined);
    closeAllChannels();
    await Promise.all(servers.map((server) => server.shutdown()));
  });

  const relay = () => createServiceClient(EchoServiceService, relayAddress);

  it('passes the signed-in user of the served call on', async () => {
    expect((await relay().echo(echo('as the caller'), { asUser: 'u-1' })).message).toBe('web/u-1');
  });

  it('sends the service alone when the call is made without the user', async () => {
    expect((await relay().echo(echo('without user'), { asUser: 'u-1' })).message).toBe('web/');
  });

  it('lets a user front call for no user as well', async () => {
    const target = createServiceClient(EchoServiceService, targetAddress);
    expect((await target.echo(echo('?'), { asUser: 'u-1' })).message).toBe('web/u-1');
    expect((await target.echo(echo('?'), { asUser: 'u-1', withoutUser: true })).message).toBe('web/');
  });
});
