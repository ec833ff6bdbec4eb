import './testing/use-dns-server-targets.js';
import { EchoServiceService, type EchoRequest } from '@pc/proto/testing/v1/echo';
import { eventually } from '../testing/eventually.js';
import { closeAllChannels } from './channel-pool.js';
import { createServiceClient } from './client.js';
import { startDnsServer, type DnsServer } from './testing/dns-server.js';
import { startEchoServer, type EchoServerProcess } from './testing/echo-server-process.js';

const echo: EchoRequest = { message: 'hi', tags: [], amountMinor: 0, failWith: '', delayMs: 0 };

/**
 * Server processes behind one DNS name, as replicas behind a Kubernetes headless service: each
 * listens on its own loopback address (127.0.0.x) and the same port, and a DNS server of the
 * test's own answers the name with their addresses.
 */
describe('a client balancing over the server processes behind one DNS name', () => {
  let dns: DnsServer;
  const servers: EchoServerProcess[] = [];
  const start = async (
    id: string,
    host: string,
    port = 0,
    env: Record<string, string> = {},
  ): Promise<EchoServerProcess> => {
    const server = await startEchoServer({ ECHO_SERVER_ID: id, ECHO_HOST: host, ECHO_PORT: String(port), ...env });
    servers.push(server);
    return server;
  };
  const client = (name: string, port: number) =>
    createServiceClient(EchoServiceService, `dns://${dns.address}/${name}:${port}`, { deadlineMs: 5_000 });
  const answeredBy = async (c: ReturnType<typeof client>, calls: number): Promise<string[]> =>
    Promise.all(Array.from({ length: calls }, async () => (await c.echo(echo)).serverId));

  beforeAll(async () => {
    dns = await startDnsServer();
  });

  afterAll(async () => {
    closeAllChannels();
    await Promise.all(servers.map((server) => server.stop()));
    await dns.close();
  });

  it('spreads calls over both replicas, and keeps answering once one of them stopped', async () => {
    const a = await start('a', '127.0.0.1');
    const b = await start('b', '127.0.0.2', a.port);
    dns.setAddresses('echo.pricecompare.test', ['127.0.0.1', '127.0.0.2']);
    const echoes = client('echo.pricecompare.test', a.port);

    // Round robin uses each address once it is connected: soon every batch reaches both.
    const seen = await eventually(async () => {
      const ids = await answeredBy(echoes, 20);
      return ids.includes('a') && ids.includes('b') && ids;
    });
    expect(seen.filter((id) => id === 'a').length).toBeGreaterThanOrEqual(5);
    expect(seen.filter((id) => id === 'b').length).toBeGreaterThanOrEqual(5);

    await b.stop();
    for (let i = 0; i < 20; i += 1) expect((await echoes.echo(echo)).serverId).toBe('a');
  });

  it('finds a replica added behind the name once the server aged its connection out', async () => {
    // Connections of c live ~1 s: then the client resolves the name again (at most every 5 s).
    const c = await start('c', '127.0.0.3', 0, { ECHO_MAX_CONNECTION_AGE_MS: '1000' });
    dns.setAddresses('scaled.pricecompare.test', ['127.0.0.3']);
    const echoes = client('scaled.pricecompare.test', c.port);
    expect(new Set(await answeredBy(echoes, 10))).toEqual(new Set(['c']));

    await start('d', '127.0.0.4', c.port);
    dns.setAddresses('scaled.pricecompare.test', ['127.0.0.3', '127.0.0.4']);
    await eventually(async () => (await answeredBy(echoes, 10)).includes('d'), 20_000);
  });
});
