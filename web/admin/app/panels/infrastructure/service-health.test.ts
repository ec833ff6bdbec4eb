import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseOpsUrls, readServiceHealth } from './service-health';

describe("the infrastructure panel's service health", () => {
  it('reads OPS_URLS in order, skipping malformed pairs', () => {
    expect(
      parseOpsUrls(
        ' catalog=http://127.0.0.1:9101/ , nonsense, offers=ftp://x, =http://a:1,search=https://ops.search:9103',
      ),
    ).toEqual([
      { service: 'catalog', url: 'http://127.0.0.1:9101' },
      { service: 'search', url: 'https://ops.search:9103' },
    ]);
  });

  describe('over HTTP', () => {
    let server: Server;
    let url = '';
    let ready = true;

    beforeAll(async () => {
      server = createServer((request, response) => {
        if (request.url === '/healthz')
          return void response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
        if (request.url === '/readyz') {
          const body = {
            status: ready ? 'ready' : 'not_ready',
            checks: { documents: 'ok', bus: ready ? 'ok' : 'failing' },
          };
          return void response
            .writeHead(ready ? 200 : 503, { 'content-type': 'application/json' })
            .end(JSON.stringify(body));
        }
        response.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("tells live and ready apart, with each dependency's check", async () => {
      expect(await readServiceHealth('catalog', url, 2_000)).toEqual({
        service: 'catalog',
        url,
        live: true,
        readiness: 'ready',
        checks: { documents: 'ok', bus: 'ok' },
      });
      ready = false;
      expect(await readServiceHealth('catalog', url, 2_000)).toMatchObject({
        live: true,
        readiness: 'not_ready',
        checks: { bus: 'failing' },
      });
    });

    it('calls a service whose ops server does not answer unreachable', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const gone = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      expect(await readServiceHealth('offers', gone, 2_000)).toEqual({
        service: 'offers',
        url: gone,
        live: false,
        readiness: 'unreachable',
        checks: {},
      });
    });
  });
});
