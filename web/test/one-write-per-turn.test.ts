// A rendered page goes through the site's edge as Remix's Node adapter writes it: a piece of
// about 2 KB at a time, each followed by a flush. Behind the compression middleware every write
// was a compression job of its own and every flush ended a brotli block; the edge now writes and
// flushes at most once per turn of the event loop (ADR 086, 089).
import { Readable } from 'node:stream';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { pino } from 'pino';
import { createEmbeddedCache } from '@pc/in-process-cache/embedded-cache';

/** Express's response: Node's, with the compression middleware's flush. */
type StreamingResponse = ServerResponse & { flush(): void };
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

/** Text that compresses little: a body this long is what the edge must not hold whole. */
const LARGE = Array.from({ length: 256 }, (_, i) => Buffer.alloc(4096, String(i * 7919)).toString('base64')).join('');
const SMALL = '<p>Moved.</p>';

const PIECES = Array.from({ length: 40 }, (_, i) => `<div class="offer">${String(i).repeat(40)}</div>`.repeat(20));
const LATE = '<script>window.lateData = 42</script>';

/** A page written as Remix's adapter writes one: 40 pieces in one turn, each flushed; then, once
 *  `release` is called, a late part (data resolved after the shell), and the end a moment later. */
async function startSite() {
  let release = () => {};
  const told: boolean[] = [];
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
  // A large body written in one turn, in 4 KB pieces.
  app.get('/large', (_request, response) => {
    response.setHeader('Content-Type', 'text/plain');
    for (let at = 0; at < LARGE.length; at += 4096) response.write(LARGE.slice(at, at + 4096));
    response.end();
  });
  // A large body piped from a stream, which waits for 'drain' when told to.
  app.get('/piped', (_request, response) => {
    response.setHeader('Content-Type', 'text/plain');
    Readable.from(LARGE.match(/[^]{1,16384}/g) ?? []).pipe(response);
  });
  // What a writer that heeds backpressure is told: to wait, until the compressor drains.
  app.get('/heeded', (_request, response) => {
    response.setHeader('Content-Type', 'text/plain');
    told.push(response.write(LARGE.slice(0, 300_000)), response.write(LARGE.slice(300_000, 300_100)));
    response.once('drain', () => {
      told.push(response.write(LARGE.slice(300_100, 300_200)));
      response.end();
    });
  });
  // A small answer written in one turn, in two pieces, one of them Latin-1.
  app.get('/small', (_request, response) => {
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.write(SMALL);
    response.end(' \u00e9', 'latin1');
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    release: () => release(),
    told,
    // A response left hanging (a failed test) must not keep the server open.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

interface ReadPage {
  encoding: string;
  text: string;
}

/** Reads a page as Chromium asks for it (brotli accepted); `onText` sees the decoded text as it
 *  arrives. `slowly`: the connection is paused for a moment after every piece it delivers. */
function readPage(url: string, onText: (textSoFar: string) => void = () => {}, { slowly = false } = {}) {
  return new Promise<ReadPage>((resolve, reject) => {
    httpRequest(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } }, (response) => {
      const encoding = response.headers['content-encoding'] ?? 'identity';
      const decoded = encoding === 'br' ? response.pipe(zlib.createBrotliDecompress()) : response;
      if (slowly)
        response.on('data', () => {
          response.pause();
          setTimeout(() => response.resume(), 2);
        });
      const chunks: Buffer[] = [];
      decoded.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        onText(Buffer.concat(chunks).toString());
      });
      decoded.on('end', () => resolve({ encoding, text: Buffer.concat(chunks).toString('latin1') }));
      decoded.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** Counts the compressor's jobs that carry bytes (a flush is a job of its own, with none). */
const writesTo = (transform: jest.SpyInstance) => () =>
  transform.mock.calls.filter(([chunk]) => (chunk as Buffer).length > 0).length;

describe('a response streamed through the edge is written and flushed once per turn', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => (site = await startSite()));
  afterAll(() => site.close());
  afterEach(() => jest.restoreAllMocks());

  it('compresses 40 pieces written in one turn in one job and one block, and the page arrives whole', async () => {
    const jobs = writesTo(jest.spyOn(zlib.BrotliCompress.prototype, '_transform'));
    const flushes = jest.spyOn(zlib.BrotliCompress.prototype, 'flush');
    let shell: { jobs: number; flushes: number } | null = null;
    const page = readPage(`${site.origin}/page`, (text) => {
      // The shell reaches the browser before the late part is written: its flush still happens.
      if (shell === null && text === PIECES.join('')) {
        shell = { jobs: jobs(), flushes: flushes.mock.calls.length };
        site.release();
      }
    });
    const { encoding, text } = await page;
    expect(encoding).toBe('br');
    expect(Buffer.from(text, 'latin1').toString()).toBe(PIECES.join('') + LATE);
    expect(shell).toEqual({ jobs: 1, flushes: 1 });
    // One write and one flush for the shell's turn, one of each for the late part's.
    expect(jobs()).toBe(2);
    expect(flushes).toHaveBeenCalledTimes(2);
  });

  it('does not hold a large body written in one turn whole, and it arrives whole', async () => {
    const jobs = writesTo(jest.spyOn(zlib.BrotliCompress.prototype, '_transform'));
    const { encoding, text } = await readPage(`${site.origin}/large`);
    expect(encoding).toBe('br');
    expect(text).toBe(LARGE);
    // About 1.4 MB, let go every 256 KB: some six writes, not one and not 350.
    expect(jobs()).toBeGreaterThanOrEqual(5);
    expect(jobs()).toBeLessThanOrEqual(8);
  });

  it('lets a piped body wait for a slow reader and go on after it, to the last byte', async () => {
    const { text } = await readPage(`${site.origin}/piped`, undefined, { slowly: true });
    expect(text).toBe(LARGE);
  });

  it('tells a writer to wait while the compressor is behind, and to go on once it has drained', async () => {
    const { text } = await readPage(`${site.origin}/heeded`);
    expect(text).toBe(LARGE.slice(0, 300_200));
    expect(site.told).toEqual([false, false, true]);
  });

  it('sends a small answer written in one turn uncompressed, text in any encoding', async () => {
    const { encoding, text } = await readPage(`${site.origin}/small`);
    // Seen whole, it is below the compression middleware's threshold (1 KB).
    expect(encoding).toBe('identity');
    expect(text).toBe(`${SMALL} \u00e9`);
  });
});
