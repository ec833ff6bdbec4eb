// web/public-files.cjs in front of a real HTTP server with express.static: the build's public
// files are served, everything else goes on to the app without the file system being asked.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Middleware = (request: unknown, response: unknown, next: () => void) => void;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const express = require('express') as { static: (root: string, options: { maxAge: string }) => Middleware };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { publicFiles } = require('../public-files.cjs') as {
  publicFiles: (dir: string, serve: Middleware, skip?: string[]) => Middleware;
};

let dir: string;
let server: Server;
let origin: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'public-files-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'icons'));
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("push", () => {});');
  writeFileSync(join(dir, 'icons', 'bell 1.svg'), '<svg/>');
  writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1);');
  const serve = publicFiles(dir, express.static(dir, { maxAge: '1h' }), ['/assets']);
  server = createServer((request, response) =>
    serve(request, response, () => response.writeHead(404).end('from the app')),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const get = async (path: string, method = 'GET') => {
  const response = await fetch(`${origin}${path}`, { method });
  return { status: response.status, body: await response.text(), cacheControl: response.headers.get('cache-control') };
};

describe('the build’s public files', () => {
  it('are served with the static middleware’s caching, nested and escaped names too', async () => {
    expect(await get('/sw.js')).toEqual({
      status: 200,
      body: 'self.addEventListener("push", () => {});',
      cacheControl: 'public, max-age=3600',
    });
    expect(await get('/icons/bell%201.svg')).toMatchObject({ status: 200, body: '<svg/>' });
    expect(await get('/sw.js', 'HEAD')).toMatchObject({ status: 200 });
  });

  it('leave every other request to the app: pages, API calls, skipped directories, other methods', async () => {
    for (const path of ['/', '/en-ch/products', '/api/products/123', '/assets/app-1234.js', '/%E0%A4%A']) {
      expect(await get(path)).toEqual({ status: 404, body: 'from the app', cacheControl: null });
    }
    expect((await get('/sw.js', 'POST')).body).toBe('from the app');
  });

  it('are the files the directory held at start (no file-system lookup per request)', async () => {
    writeFileSync(join(dir, 'later.txt'), 'added after start');
    expect(await get('/later.txt')).toMatchObject({ status: 404, body: 'from the app' });
  });
});
