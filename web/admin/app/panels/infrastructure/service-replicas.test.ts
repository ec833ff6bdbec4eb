import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readReplicas } from './service-replicas';

describe("the infrastructure panel's replicas of a service", () => {
  let server: Server;
  let port = 0;

  beforeAll(async () => {
    // One instance answering /healthz as the kit's ops server does.
    server = createServer((request, response) => {
      if (request.url !== '/healthz') return void response.writeHead(404).end();
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ status: 'ok', service: 'catalog', version: '0.1.0', commit: 'abc123', instance: 'pod-a/7' }),
        );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks every address the name resolves to, and lists one that does not answer as not live', async () => {
    // The name resolves to the live instance and to an address nothing listens on.
    const resolve = async (host: string) => (host === 'catalog-ops' ? ['127.0.0.1', '127.0.0.2'] : []);
    const replicas = await readReplicas(`http://catalog-ops:${port}`, 1_000, resolve);
    expect(replicas).toEqual([
      { address: '127.0.0.1', live: true, version: '0.1.0', commit: 'abc123', instance: 'pod-a/7' },
      { address: '127.0.0.2', live: false, version: '', commit: '', instance: '' },
    ]);
  });

  it('counts the one instance of `npm start` on 127.0.0.1, and none for a name that does not resolve', async () => {
    expect(await readReplicas(`http://127.0.0.1:${port}`, 1_000)).toEqual([
      expect.objectContaining({ address: '127.0.0.1', live: true, instance: 'pod-a/7' }),
    ]);
    expect(await readReplicas(`http://nowhere.invalid:${port}`, 1_000)).toEqual([]);
  });
});
