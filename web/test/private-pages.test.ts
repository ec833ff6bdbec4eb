// web/private-pages.cjs in front of a real HTTP server: a signed-in visitor's page never leaves
// with a Cache-Control that lets a shared cache keep it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { privateForSessions } = require('../private-pages.cjs') as {
  privateForSessions: (request: unknown, response: unknown, next: () => void) => void;
};

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) =>
    privateForSessions(request, response, () => {
      const page = request.url === '/page';
      response.setHeader(
        'Cache-Control',
        page ? 'public, max-age=0, s-maxage=30, stale-while-revalidate=30' : 'no-store',
      );
      response.end('<h1>hello</h1>');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const cacheControl = async (path: string, cookie?: string) =>
  (await fetch(`${origin}${path}`, { headers: cookie ? { cookie } : {} })).headers.get('cache-control');

describe('pages of signed-in visitors', () => {
  it('stay shareable for visitors, and become private with a session cookie', async () => {
    expect(await cacheControl('/page')).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
    expect(await cacheControl('/page', 'lang=de; XSRF-TOKEN=abc')).toBe(
      'public, max-age=0, s-maxage=30, stale-while-revalidate=30',
    );
    expect(await cacheControl('/page', 'lang=de; pc_session=secret-token')).toBe('private, no-cache');
    expect(await cacheControl('/page', 'pc_session=')).toBe(
      'public, max-age=0, s-maxage=30, stale-while-revalidate=30',
    );
  });

  it('leave other answers as they are', async () => {
    expect(await cacheControl('/other', 'pc_session=secret-token')).toBe('no-store');
  });
});
