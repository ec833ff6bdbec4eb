import { createPrivateKey, type JsonWebKeyInput } from 'node:crypto';
import { Metadata, status as GrpcStatus } from '@grpc/grpc-js';
import { EchoServiceService, type EchoRequest } from '@pc/proto/testing/v1/echo';
import { pino } from 'pino';
import { PermissionDeniedError, UnauthenticatedError } from '../errors/domain-errors.js';
import { RpcError } from '../errors/grpc-errors.js';
import { closeAllChannels } from '../grpc/channel-pool.js';
import { createServiceClient } from '../grpc/client.js';
import { createGrpcServer, type GrpcServer } from '../grpc/server.js';
import { echoService } from '../grpc/testing/echo-service.js';
import { authenticateCall } from './authenticate-call.js';
import type { CallGraph } from './call-graph.js';
import { TokenSigner } from './identity-tokens.js';
import { SERVICE_TOKEN_HEADER, USER_TOKEN_HEADER } from './principals.js';
import { setProcessIdentity, type ProcessIdentity } from './process-identity.js';
import { makeTestKeys, testIdentity, type TestKeys } from './testing/test-identity.js';

const echo: EchoRequest = { message: 'who calls?', tags: [], amountMinor: 0, failWith: '', delayMs: 0 };
// ops may call the whole test service; seed and billing only GetCount.
const graph: CallGraph = { ops: { testing: '*' }, seed: { testing: ['GetCount'] }, billing: { testing: ['GetCount'] } };
const ECHO = '/pricecompare.testing.v1.EchoService/Echo';

const statusOf = (promise: Promise<unknown>): Promise<number> =>
  promise.then(
    () => GrpcStatus.OK,
    (error: unknown) => (error instanceof RpcError ? error.code : -1),
  );

describe('caller identity: service tokens, user tokens and the call graph', () => {
  let keys: TestKeys;
  let server: GrpcServer;
  let address: string;
  let serverIdentity: ProcessIdentity;
  const as = async (principal: string, from: TestKeys = keys): Promise<void> =>
    setProcessIdentity(await testIdentity(principal, from, graph));

  beforeAll(async () => {
    keys = await makeTestKeys(['ops', 'seed', 'billing']);
    serverIdentity = await testIdentity('ops', keys, graph);
    server = createGrpcServer({
      services: [echoService()],
      logger: pino({ level: 'silent' }),
      identity: serverIdentity,
      graceMs: 500,
    });
    address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
  });

  afterEach(() => setProcessIdentity(undefined));

  afterAll(async () => {
    closeAllChannels();
    await server.shutdown();
  });

  it('refuses a call without credentials as UNAUTHENTICATED', async () => {
    setProcessIdentity(undefined);
    const client = createServiceClient(EchoServiceService, address);
    expect(await statusOf(client.echo(echo))).toBe(GrpcStatus.UNAUTHENTICATED);
  });

  it('refuses a token signed with a key the server does not trust as UNAUTHENTICATED', async () => {
    await as('ops', await makeTestKeys(['ops']));
    const client = createServiceClient(EchoServiceService, address);
    expect(await statusOf(client.echo(echo))).toBe(GrpcStatus.UNAUTHENTICATED);
  });

  it('lets a verified principal call what the graph allows it, and nothing else', async () => {
    await as('seed');
    const client = createServiceClient(EchoServiceService, address);
    expect(await statusOf(client.getCount({ key: 'k', failUnavailable: false }))).toBe(GrpcStatus.OK);
    expect(await statusOf(client.echo(echo))).toBe(GrpcStatus.PERMISSION_DENIED);
    await as('ops');
    await expect(client.echo(echo)).resolves.toMatchObject({ message: 'who calls?' });
  });

  describe('the actor of a request', () => {
    const metadataFor = async (principal: string, user?: string): Promise<Metadata> => {
      const identity = await testIdentity(principal, keys, graph);
      const metadata = new Metadata();
      metadata.set(SERVICE_TOKEN_HEADER, `Bearer ${await identity.signer.serviceToken()}`);
      if (user) metadata.set(USER_TOKEN_HEADER, await identity.signer.userToken(user));
      return metadata;
    };

    it('is the user of the signed user token: an empty actor is filled in', async () => {
      const request = { actorUserId: '' };
      const caller = await authenticateCall(serverIdentity, await metadataFor('ops', 'u-1'), ECHO, request);
      expect(caller).toMatchObject({ principal: 'ops', userId: 'u-1' });
      expect(request.actorUserId).toBe('u-1');
    });

    it('refuses an actor that is not the signed-in user (forged) as PERMISSION_DENIED', async () => {
      const metadata = await metadataFor('ops', 'u-1');
      await expect(authenticateCall(serverIdentity, metadata, ECHO, { actorUserId: 'u-2' })).rejects.toThrow(
        PermissionDeniedError,
      );
    });

    it('refuses an actor without a user token as PERMISSION_DENIED', async () => {
      const metadata = await metadataFor('ops');
      await expect(authenticateCall(serverIdentity, metadata, ECHO, { actorUserId: 'u-1' })).rejects.toThrow(
        PermissionDeniedError,
      );
    });

    it('refuses a user token signed by a principal that is no user front as UNAUTHENTICATED', async () => {
      const metadata = await metadataFor('billing', 'u-1');
      const getCount = '/pricecompare.testing.v1.EchoService/GetCount';
      await expect(authenticateCall(serverIdentity, metadata, getCount, { actorUserId: '' })).rejects.toThrow(
        UnauthenticatedError,
      );
    });

    it('refuses an expired service token as UNAUTHENTICATED', async () => {
      const jwk = keys.privateKeys.get('ops')!;
      const expired = new TokenSigner(
        'ops',
        createPrivateKey({ key: jwk as JsonWebKeyInput['key'], format: 'jwk' }),
        jwk.kid!,
        -60,
      );
      const metadata = new Metadata();
      metadata.set(SERVICE_TOKEN_HEADER, `Bearer ${await expired.serviceToken()}`);
      await expect(authenticateCall(serverIdentity, metadata, ECHO, {})).rejects.toThrow(UnauthenticatedError);
    });

    it('refuses a service token given as the user token as UNAUTHENTICATED', async () => {
      const metadata = await metadataFor('ops');
      metadata.set(USER_TOKEN_HEADER, String(metadata.get(SERVICE_TOKEN_HEADER)[0]).slice('Bearer '.length));
      await expect(authenticateCall(serverIdentity, metadata, ECHO, {})).rejects.toThrow(UnauthenticatedError);
    });
  });
});
