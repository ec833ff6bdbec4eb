import { status as GrpcStatus } from '@grpc/grpc-js';
import { EchoServiceService } from '@pc/proto/testing/v1/echo';
import { pino } from 'pino';
import { RpcError } from '../errors/grpc-errors.js';
import { closeAllChannels } from '../grpc/channel-pool.js';
import { createServiceClient, type ServiceClient } from '../grpc/client.js';
import { createGrpcServer, type GrpcServer } from '../grpc/server.js';
import { serviceRegistration, type ServiceHandlers, type ServiceRegistration } from '../grpc/service-types.js';
import { echoService } from '../grpc/testing/echo-service.js';
import { useTestIdentity } from './testing/test-identity.js';

const logger = pino({ level: 'silent' });
const echo = (message: string) => ({ message, tags: [] as string[], amountMinor: 0, failWith: '', delayMs: 0 });

/**
 * The test platform (every service in one process, the default of the jest runs): the test's own
 * calls sign as its principal, a handler's calls as the service whose handler runs — so the call
 * graph judges a service's calls as in production.
 */
describe('test platform identity: a handler calls as its service, the test as its principal', () => {
  const become = useTestIdentity('ops');
  const servers: GrpcServer[] = [];
  let whoCalls: ServiceClient<typeof EchoServiceService>;
  let relay: ServiceClient<typeof EchoServiceService>;
  const handlers = echoService().handlers as ServiceHandlers<typeof EchoServiceService>;

  const serve = async (registration: ServiceRegistration): Promise<string> => {
    const server = createGrpcServer({ services: [registration], logger, graceMs: 500 });
    servers.push(server);
    return `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
  };

  beforeAll(async () => {
    // Answers the verified principal of its caller.
    const target = await serve(
      serviceRegistration('pricecompare.testing.v1.EchoService', EchoServiceService, {
        ...handlers,
        echo: async (_request, context) => ({
          ...echo(context.caller?.principal ?? ''),
          traceId: '',
          metadata: {},
          serverId: '',
        }),
      }),
    );
    whoCalls = createServiceClient(EchoServiceService, target);
    // A server that is billing (by its registration's package) and passes each echo on to the target.
    const relayed = await serve(
      serviceRegistration('pricecompare.billing.v1.EchoRelay', EchoServiceService, {
        ...handlers,
        echo: async (request) =>
          whoCalls.echo(request).catch((error: unknown) => ({
            ...echo(`refused ${error instanceof RpcError ? GrpcStatus[error.code] : String(error)}`),
            traceId: '',
            metadata: {},
            serverId: '',
          })),
      }),
    );
    relay = createServiceClient(EchoServiceService, relayed);
  });

  afterAll(async () => {
    closeAllChannels();
    await Promise.all(servers.map((server) => server.shutdown()));
  });

  it('signs the test’s calls as the test’s principal, and follows a switch', async () => {
    expect((await whoCalls.echo(echo('?'))).message).toBe('ops');
    await become('admin');
    expect((await whoCalls.echo(echo('?'))).message).toBe('admin');
    await become('ops');
  });

  it('signs a handler’s calls as its service, which the call graph refuses what it does not grant', async () => {
    // ops may call the test service; billing, whose handler makes the call, may not.
    expect((await relay.echo(echo('?'))).message).toBe('refused PERMISSION_DENIED');
  });
});
