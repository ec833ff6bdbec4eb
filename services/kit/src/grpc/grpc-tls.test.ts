import { status as GrpcStatus } from '@grpc/grpc-js';
import { EchoServiceService, type EchoRequest } from '@pc/proto/testing/v1/echo';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { GrpcTlsFiles } from '../config/grpc-tls-config.js';
import { closeAllChannels } from './channel-pool.js';
import { createServiceClient } from './client.js';
import { createGrpcServer, type GrpcServer } from './server.js';
import { echoService } from './testing/echo-service.js';
import { makeTestCertificates, type TestCertificates } from './testing/test-certificates.js';

const echo: EchoRequest = { message: 'over tls', tags: [], amountMinor: 0, failWith: '', delayMs: 0 };

describe('gRPC over TLS and mutual TLS (GRPC_TLS_CERT, GRPC_TLS_KEY, GRPC_TLS_CA)', () => {
  let dir: string;
  let certs: TestCertificates;
  const servers: GrpcServer[] = [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pc-grpc-tls-'));
    certs = makeTestCertificates(dir);
  });

  afterAll(async () => {
    closeAllChannels();
    await Promise.all(servers.map((server) => server.shutdown()));
    rmSync(dir, { recursive: true, force: true });
  });

  const serve = async (tls: GrpcTlsFiles): Promise<string> => {
    const server = createGrpcServer({
      services: [echoService()],
      logger: pino({ level: 'silent' }),
      tls,
      graceMs: 500,
    });
    servers.push(server);
    // By name: the certificate names localhost (TLS sends no IP address as the server name).
    return `localhost:${await server.listen('127.0.0.1', 0)}`;
  };
  const call = (address: string, tls: GrpcTlsFiles) =>
    createServiceClient(EchoServiceService, address, { tls, deadlineMs: 3_000 }).echo(echo);

  it('serves TLS with CERT and KEY: a client trusting the CA gets through, plaintext and untrusting clients do not', async () => {
    const address = await serve({ GRPC_TLS_CERT: certs.server.cert, GRPC_TLS_KEY: certs.server.key });
    await expect(call(address, { GRPC_TLS_CA: certs.ca })).resolves.toMatchObject({ message: 'over tls' });
    await expect(call(address, {})).rejects.toMatchObject({ code: GrpcStatus.UNAVAILABLE });
    // Checked against the system's roots, the test CA's certificate is refused.
    await expect(
      call(address, { GRPC_TLS_CERT: certs.client.cert, GRPC_TLS_KEY: certs.client.key }),
    ).rejects.toMatchObject({ code: GrpcStatus.UNAVAILABLE });
  });

  it('requires a client certificate signed by the CA with GRPC_TLS_CA too (mutual TLS)', async () => {
    const address = await serve({
      GRPC_TLS_CERT: certs.server.cert,
      GRPC_TLS_KEY: certs.server.key,
      GRPC_TLS_CA: certs.ca,
    });
    await expect(
      call(address, { GRPC_TLS_CA: certs.ca, GRPC_TLS_CERT: certs.client.cert, GRPC_TLS_KEY: certs.client.key }),
    ).resolves.toMatchObject({ message: 'over tls' });
    await expect(call(address, { GRPC_TLS_CA: certs.ca })).rejects.toMatchObject({ code: GrpcStatus.UNAVAILABLE });
    await expect(
      call(address, { GRPC_TLS_CA: certs.ca, GRPC_TLS_CERT: certs.stranger.cert, GRPC_TLS_KEY: certs.stranger.key }),
    ).rejects.toMatchObject({ code: GrpcStatus.UNAVAILABLE });
    await expect(call(address, {})).rejects.toMatchObject({ code: GrpcStatus.UNAVAILABLE });
  });
});
