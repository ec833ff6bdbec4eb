import { Client, credentials, makeGenericClientConstructor, status as GrpcStatus } from '@grpc/grpc-js';
import { EchoServiceService } from '@pc/proto/testing/v1/echo';
import { service as healthService } from 'grpc-health-check';
import { pino } from 'pino';
import { closeAllChannels } from './channel-pool.js';
import { eventually } from '../testing/eventually.js';
import { createServiceClient } from './client.js';
import { createGrpcServer } from './server.js';
import { echoService } from './testing/echo-service.js';

const HealthClient = makeGenericClientConstructor(healthService, 'grpc.health.v1.Health');

function checkHealth(address: string, service = ''): Promise<string> {
  const client = new HealthClient(address, credentials.createInsecure()) as unknown as Client & {
    check(request: { service: string }, callback: (error: Error | null, response?: { status: string }) => void): void;
  };
  return new Promise((resolve) => {
    client.check({ service }, (error, response) => {
      client.close();
      resolve(error ? 'ERROR' : String(response?.status));
    });
  });
}

describe('graceful shutdown', () => {
  afterEach(() => closeAllChannels());

  it('reports SERVING, then NOT_SERVING while draining, and lets in-flight calls finish', async () => {
    const handled: string[] = [];
    const server = createGrpcServer({
      services: [echoService({ onEcho: (message) => handled.push(message) })],
      logger: pino({ level: 'silent' }),
      drainMs: 300,
      graceMs: 3_000,
    });
    const address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
    expect(await checkHealth(address)).toBe('SERVING');
    expect(await checkHealth(address, 'pricecompare.testing.v1.EchoService')).toBe('SERVING');

    const client = createServiceClient(EchoServiceService, address, { deadlineMs: 5_000 });
    const inFlight = client.echo({ message: 'slow', tags: [], amountMinor: 0, failWith: '', delayMs: 500 });
    await eventually(() => handled.includes('slow'));

    const stopped = server.shutdown();
    // Health flips at once; asked straight away, within the 300 ms drain even on a loaded machine.
    expect(await checkHealth(address)).toBe('NOT_SERVING');

    await expect(inFlight).resolves.toMatchObject({ message: 'slow' });
    await stopped;
    const afterwards = client.echo(
      { message: 'late', tags: [], amountMinor: 0, failWith: '', delayMs: 0 },
      { deadlineMs: 500 },
    );
    await expect(afterwards).rejects.toMatchObject({ code: expect.any(Number) });
    await expect(afterwards.catch((e: { code: number }) => e.code)).resolves.not.toBe(GrpcStatus.OK);
  });

  it('cancels calls still running when the grace period ends', async () => {
    const handled: string[] = [];
    const server = createGrpcServer({
      services: [echoService({ onEcho: (message) => handled.push(message) })],
      logger: pino({ level: 'silent' }),
      graceMs: 200,
    });
    const address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
    const client = createServiceClient(EchoServiceService, address, { deadlineMs: 10_000 });
    const stuck = client.echo({ message: 'stuck', tags: [], amountMinor: 0, failWith: '', delayMs: 8_000 });
    await eventually(() => handled.includes('stuck'));
    const started = Date.now();
    await server.shutdown();
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect(stuck).rejects.toMatchObject({ code: expect.any(Number) });
  });
});
