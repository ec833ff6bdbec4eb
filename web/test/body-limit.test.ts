// The edge's body limit (web/edge/body-limit.cjs) on a real port, spoken to over a raw socket so a
// test can keep uploading after the answer, as a browser or curl sending a large file does.
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Server } from 'node:http';

interface ExpressApp {
  use(handler: unknown): void;
  all(path: string, handler: (request: unknown, response: { json(body: unknown): void }) => void): void;
  listen(port: number, host: string, ready: () => void): Server;
}
/* eslint-disable @typescript-eslint/no-require-imports */
const express = require('express') as () => ExpressApp;
const { bodyLimit } = require('../edge/body-limit.cjs') as {
  bodyLimit: (options: { maxBytes: number; lingerMs?: number }) => unknown;
};
/* eslint-enable @typescript-eslint/no-require-imports */

const LIMIT = 64 * 1024;
const TWELVE_MB = 12 * 1024 * 1024;

async function startServer(lingerMs?: number): Promise<{ port: number; close(): Promise<void> }> {
  const app = express();
  app.use(bodyLimit({ maxBytes: LIMIT, lingerMs }));
  app.all('*', (_request, response) => response.json({ ok: true }));
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What the socket read until it closed, or the error that ended it. */
function readUntilClosed(socket: Socket): Promise<{ text: string; error?: string }> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => resolve({ text, error: error.code }));
    socket.on('close', () => resolve({ text }));
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const postHead = (length: number) =>
  `POST /api/favourites HTTP/1.1\r\nHost: site\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('edge body limit: the answer reaches a client that is still uploading', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => (server = await startServer()));
  afterAll(() => server.close());

  it('a client that keeps sending its 12 MB body after the 413 reads the 413, not a reset connection', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const socket = connect(server.port, '127.0.0.1');
      const read = readUntilClosed(socket);
      socket.pause(); // the answer waits unread while the upload goes on
      socket.write(postHead(TWELVE_MB));
      socket.write(Buffer.alloc(4 * 1024 * 1024, 'a'));
      await pause(150);
      socket.write(Buffer.alloc(TWELVE_MB - 4 * 1024 * 1024, 'a'));
      await pause(100);
      socket.resume();
      socket.end();
      const { text, error } = await read;
      expect([attempt, error, text.split('\r\n')[0]]).toEqual([attempt, undefined, 'HTTP/1.1 413 Payload Too Large']);
      expect(text).toContain('the request body may be at most 65536 bytes');
    }
  });

  it('once the refused body is discarded, the same connection answers the next request', async () => {
    const socket = connect(server.port, '127.0.0.1');
    const read = readUntilClosed(socket);
    socket.write(postHead(LIMIT + 1) + 'a'.repeat(LIMIT + 1));
    socket.write('GET /next HTTP/1.1\r\nHost: site\r\nConnection: close\r\n\r\n');
    const { text } = await read;
    expect(text.match(/^HTTP\/1\.1 \d+/gm)).toEqual(['HTTP/1.1 413', 'HTTP/1.1 200']);
    expect(text).toContain('{"ok":true}');
  });
});

describe('edge body limit: a refused body that stops arriving', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => (server = await startServer(300)));
  afterAll(() => server.close());

  it('has its connection closed after the linger time, with the 413 already sent', async () => {
    const socket = connect(server.port, '127.0.0.1');
    const read = readUntilClosed(socket);
    const started = Date.now();
    socket.write(postHead(TWELVE_MB) + 'a'.repeat(1000)); // and then nothing more
    const { text } = await read;
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });
});
