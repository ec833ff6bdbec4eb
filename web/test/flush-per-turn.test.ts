// A rendered page goes through the site's edge as Remix's Node adapter writes it: a piece of
// about 2 KB at a time, each followed by a flush. Behind the compression middleware every flush
// ended a brotli block; the edge now flushes at most once per turn of the event loop (ADR 086).
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import zlib from 'node:zlib';
import { pino } from 'pino';
import { createEmbeddedCache } from '@pc/in-process-cache/embedded-cache';

interface StreamingResponse {
  setHeader(name: string, value: string): void;
  write(chunk: string): boolean;
  flush(): void;
  end(): void;
}
interface ExpressApp {
  get(path: string, handler: (request: unknown, response: StreamingResponse) => void): void;
  listen(port: number, host: string, ready: () => void): Server;
}

/* eslint-disable @typescript-eslint/no-require-imports */
const express = require('express') as () => ExpressApp;
const { mountEdge } = require('../edge/site-edge.cjs') as {
  mountEdge: (app: ExpressApp, options: { config: object; cache: unknown; logger: object }) => unknown;
};
const { loadEdgeConfig } = require('../edge/edge-config.cjs') as {
  loadEdgeConfig: (env: Record<string, string>) => object;
};
/* eslint-enable @typescript-eslint/no-require-imports */

const PIECES = Array.from({ length: 40 }, (_, i) => `<div class="offer">${String(i).repeat(40)}</div>`.repeat(20));
const LATE = '<script>window.lateData = 42</script>';

/** A page written as Remix's adapter writes one: 40 pieces in one turn, each flushed; then, once
 *  `release` is called, a late part (data resolved after the shell), and the end a moment later. */
async function startSite(): Promise<{ origin: string; release: () => void; close: () => Promise<void> }> {
  let release = () => {};
  const app = express();
  mountEdge(app, {
    config: loadEdgeConfig({ PORT: '0' }),
    cache: createEmbeddedCache({}),
    logger: pino({ level: 'silent' }),
  });
  app.get('/page', (_request, response) => {
    response.setHeader('Content-Type', 'text/html');
    response.setHeader('Cache-Control', 'no-store');
    for (const piece of PIECES) {
      response.write(piece);
      response.flush();
    }
    release = () => {
      response.write(LATE);
      response.flush();
      setTimeout(() => response.end(), 20);
    };
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    release: () => release(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Reads the page in brotli, as Chromium asks; `onText` sees the decoded text as it arrives. */
function readPage(url: string, onText: (textSoFar: string) => void): Promise<{ encoding: string; text: string }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } }, (response) => {
      const decoder = zlib.createBrotliDecompress();
      let text = '';
      decoder.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        onText(text);
      });
      decoder.on('end', () => resolve({ encoding: String(response.headers['content-encoding']), text }));
      decoder.on('error', reject);
      response.pipe(decoder);
    })
      .on('error', reject)
      .end();
  });
}

describe('a page streamed through the edge is compressed in as few blocks as it was written in turns', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => (site = await startSite()));
  afterAll(() => site.close());
  afterEach(() => jest.restoreAllMocks());

  it('flushes the compressor once for 40 pieces written in one turn, and the page arrives whole', async () => {
    const flushes = jest.spyOn(zlib.BrotliCompress.prototype, 'flush');
    let flushesForShell: number | null = null;
    const page = readPage(`${site.origin}/page`, (text) => {
      // The shell reaches the browser before the late part is written: the flush still happens.
      if (flushesForShell === null && text === PIECES.join('')) {
        flushesForShell = flushes.mock.calls.length;
        site.release();
      }
    });
    const { encoding, text } = await page;
    expect(encoding).toBe('br');
    expect(text).toBe(PIECES.join('') + LATE);
    expect(flushesForShell).toBe(1);
    // One flush for the shell's turn, one for the late part's.
    expect(flushes).toHaveBeenCalledTimes(2);
  });
});
