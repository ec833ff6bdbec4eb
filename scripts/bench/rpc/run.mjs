// bench:rpc — a unary gRPC round trip through the kit's server and client against a plain
// HTTP/JSON round trip (Fastify + undici keep-alive), same machine, same payload, one run.
// A generated grpc-js client with default settings is shown for reference.
import { fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { credentials } from '@grpc/grpc-js';
import { Pool } from 'undici';
import { createServiceClient } from '@pc/kit/grpc/client';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { EchoServiceClient, EchoServiceService } from '@pc/proto/testing/v1/echo';
import { measure } from './load.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const durationMs = Number(process.env.BENCH_DURATION_MS ?? 4000);
const concurrencies = [1, 50];

const server = fork(join(here, 'server.mjs'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const { grpcPort, httpPort } = await new Promise((resolve) => server.once('message', resolve));

// A product-sized request: a name, a dozen tags, a price.
const request = {
  message: 'Apple iPhone 15 Pro 256 GB Natural Titanium',
  tags: Array.from({ length: 12 }, (_, i) => `feature-${i}`),
  amountMinor: 129_900,
  failWith: '',
  delayMs: 0,
};
const body = JSON.stringify(request);

const kit = createServiceClient(EchoServiceService, `127.0.0.1:${grpcPort}`, { deadlineMs: 5000 });
const generated = new EchoServiceClient(`127.0.0.1:${grpcPort}`, credentials.createInsecure());
const pool = new Pool(`http://127.0.0.1:${httpPort}`, { connections: 64, pipelining: 1 });

const contenders = {
  'HTTP/1.1 JSON (Fastify + undici)': async () => {
    const response = await pool.request({ path: '/echo', method: 'POST', body, headers: { 'content-type': 'application/json' } });
    await response.body.json();
  },
  'gRPC, kit client + server': () => kit.echo(request),
  'gRPC, generated client, defaults': () =>
    new Promise((resolve, reject) => {
      generated.echo(request, { deadline: Date.now() + 5000 }, (error, response) => (error ? reject(error) : resolve(response)));
    }),
};

const rows = [];
for (const concurrency of concurrencies) {
  for (const [name, fn] of Object.entries(contenders)) {
    const result = await measure(fn, { concurrency, durationMs });
    rows.push({ name, concurrency, ...result });
  }
}

const fmt = (n, digits = 2) => n.toFixed(digits).padStart(9);
console.log(`\nbench:rpc — unary round trip, ${durationMs / 1000} s per cell, node ${process.version}, ${(await import('node:os')).cpus().length} cores`);
console.log(`${'contender'.padEnd(36)} ${'conc'.padStart(4)} ${'calls/s'.padStart(9)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'vs HTTP'.padStart(8)}`);
for (const row of rows) {
  const http = rows.find((r) => r.concurrency === row.concurrency && r.name.startsWith('HTTP'));
  const ratio = `${Math.round((row.callsPerSecond / http.callsPerSecond) * 100)}%`;
  console.log(`${row.name.padEnd(36)} ${String(row.concurrency).padStart(4)} ${fmt(row.callsPerSecond, 0)} ${fmt(row.p50)} ${fmt(row.p99)} ${ratio.padStart(8)}`);
}

generated.close();
closeAllChannels();
await pool.close();
server.disconnect();
