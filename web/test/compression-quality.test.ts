// The site's edge compresses what it renders per request at brotli quality 2 and the build's
// fingerprinted assets at the compression middleware's 4 (web/edge/site-edge.cjs).
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { pino } from 'pino';
import { createEmbeddedCache } from '@pc/in-process-cache/embedded-cache';

interface ExpressApp {
  get(path: string, handler: (request: unknown, response: ServerResponse) => void): void;
  listen(port: number, host: string, ready: () => void): Server;
}

/* eslint-disable @typescript-eslint/no-require-imports */
const express = require('express') as () => ExpressApp;
const { mountEdge } = require('../edge/site-edge.cjs') as {
  mountEdge: (
    app: ExpressApp,
    options: { config: object; cache: unknown; logger: object; clientDir: string },
  ) => unknown;
};
const { loadEdgeConfig } = require('../edge/edge-config.cjs') as {
  loadEdgeConfig: (env: Record<string, string>) => object;
};
/* eslint-enable @typescript-eslint/no-require-imports */

const PAGE = `<!DOCTYPE html><main>${'<div class="offer">CHF 65.90 + 9.90 shipping</div>'.repeat(200)}</main>`;
const SCRIPT = `export function price(offer){return offer.price+offer.shipping}\n`.repeat(200);

let server: Server;
let origin = '';
let clientDir = '';

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'pc-compression-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'assets', 'entry-Ab12Cd34.js'), SCRIPT);
  const app = express();
  mountEdge(app, {
    config: loadEdgeConfig({ PORT: '0' }),
    cache: createEmbeddedCache({}),
    logger: pino({ level: 'silent' }),
    clientDir,
  });
  app.get('/en-ch/products/p-1', (_request, response) => {
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.setHeader('Cache-Control', 'no-store');
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(clientDir, { recursive: true, force: true });
});

/** The brotli quality that makes exactly `compressed` from `text` (the body is compressed whole). */
const qualityOf = (compressed: Buffer, text: string): number | undefined =>
  [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].find((quality) =>
    zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } }).equals(compressed),
  );

/** GETs `path` accepting brotli: the encoding, the decoded body and the quality it was made at. */
async function fetchBrotli(path: string) {
  const { encoding, body } = await new Promise<{ encoding: string; body: Buffer }>((resolve, reject) => {
    httpRequest(`${origin}${path}`, { headers: { 'accept-encoding': 'br' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ encoding: String(response.headers['content-encoding']), body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
  const text = zlib.brotliDecompressSync(body).toString();
  return { encoding, text, quality: qualityOf(body, text) };
}

describe('compression quality at the edge', () => {
  it('compresses a rendered page at brotli quality 2', async () => {
    const page = await fetchBrotli('/en-ch/products/p-1');
    expect(page).toEqual({ encoding: 'br', text: PAGE, quality: 2 });
  });

  it('compresses the build’s assets at quality 4', async () => {
    const asset = await fetchBrotli('/assets/entry-Ab12Cd34.js');
    expect(asset).toEqual({ encoding: 'br', text: SCRIPT, quality: 4 });
  });
});
