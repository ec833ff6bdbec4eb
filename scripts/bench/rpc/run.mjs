// bench:rpc — a unary round trip of a product-sized message, three ways, in one run on one
// machine: gRPC through the kit (grpc-js with the kit's channel and server options and its
// handler and client layers: deadlines, error mapping, metrics, trace context), gRPC on stock
// grpc-js (generated client and a bare server, every option at its default), and HTTP/1.1 JSON
// (Fastify + undici keep-alive). A fourth cell runs grpc-js with the kit's options on both ends
// but bare handlers and client, telling what the options change apart from what the kit's
// layers cost. Servers run in a child process, clients here.
//
// The machine is shared, so one run of each cell says little: cells run interleaved over
// several rounds and the median is shown, with the spread across rounds, and CPU time per call
// of each process (client here, server in its child process): the number noise moves least.
//
// BENCH_DURATION_MS (default 6000): measured time per cell, split over the rounds.
// BENCH_ROUNDS (default 3).
import { fork } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, credentials } from '@grpc/grpc-js';
import { Pool } from 'undici';
import { createServiceClient } from '@pc/kit/grpc/client';
import { closeAllChannels, dnsTarget } from '@pc/kit/grpc/channel-pool';
import { clientChannelOptions } from '@pc/kit/grpc/channel-options';
import { EchoServiceClient, EchoServiceService } from '@pc/proto/testing/v1/echo';
import { measure, percentile } from './load.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const durationMs = Number(process.env.BENCH_DURATION_MS ?? 6000);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const concurrencies = [1, 50];

const server = fork(join(here, 'server.mjs'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const { kitPort, stockPort, optionsPort, httpPort } = await new Promise((resolve) => server.once('message', resolve));
const serverCpu = () =>
  new Promise((resolve) => {
    server.once('message', ({ cpu }) => resolve(cpu.user + cpu.system));
    server.send('cpu');
  });

// A product-sized request: a name, a dozen tags, a price.
const request = {
  message: 'Apple iPhone 15 Pro 256 GB Natural Titanium',
  tags: Array.from({ length: 12 }, (_, i) => `feature-${i}`),
  amountMinor: 129_900,
  failWith: '',
  delayMs: 0,
};
const body = JSON.stringify(request);

const kit = createServiceClient(EchoServiceService, `127.0.0.1:${kitPort}`, { deadlineMs: 5000 });
const stock = new EchoServiceClient(`127.0.0.1:${stockPort}`, credentials.createInsecure());
const tunedBare = new Client(
  dnsTarget(`127.0.0.1:${optionsPort}`),
  credentials.createInsecure(),
  clientChannelOptions(),
);
const echo = EchoServiceService.echo;
const pool = new Pool(`http://127.0.0.1:${httpPort}`, { connections: 64, pipelining: 1 });

const HTTP = 'HTTP/1.1 JSON (Fastify + undici)';
const contenders = {
  [HTTP]: async () => {
    const response = await pool.request({
      path: '/echo',
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    await response.body.json();
  },
  'gRPC, kit (tuned grpc-js)': () => kit.echo(request),
  'gRPC, stock grpc-js defaults': () =>
    new Promise((resolve, reject) => {
      stock.echo(request, { deadline: Date.now() + 5000 }, (error, response) =>
        error ? reject(error) : resolve(response),
      );
    }),
  'gRPC, kit options, bare ends': () =>
    new Promise((resolve, reject) => {
      tunedBare.makeUnaryRequest(
        echo.path,
        echo.requestSerialize,
        echo.responseDeserialize,
        request,
        { deadline: Date.now() + 5000 },
        (error, response) => (error ? reject(error) : resolve(response)),
      );
    }),
};

const loadBefore = loadavg()[0];
const cells = new Map(); // `${name}@${concurrency}` → { name, concurrency, runs: [], latencies: [], clientCpu, serverCpu, calls }
for (let round = 0; round < rounds; round += 1) {
  for (const concurrency of concurrencies) {
    for (const [name, fn] of Object.entries(contenders)) {
      const key = `${name}@${concurrency}`;
      if (!cells.has(key))
        cells.set(key, { name, concurrency, runs: [], latencies: [], clientCpu: 0, serverCpu: 0, calls: 0 });
      const cell = cells.get(key);
      // Warm up apart from the measurement, so the CPU time below is that of the counted calls.
      await measure(fn, { concurrency, durationMs: 0, warmupMs: round === 0 ? 1000 : 250 });
      const client0 = process.cpuUsage();
      const server0 = await serverCpu();
      const result = await measure(fn, { concurrency, durationMs: durationMs / rounds, warmupMs: 0 });
      const client1 = process.cpuUsage(client0);
      cell.serverCpu += (await serverCpu()) - server0;
      cell.clientCpu += client1.user + client1.system;
      cell.runs.push(result.callsPerSecond);
      cell.calls += result.calls;
      for (const latency of result.latencies) cell.latencies.push(latency);
    }
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (n, digits = 2) => n.toFixed(digits).padStart(8);
console.log(
  `\nbench:rpc — unary round trip, node ${process.version}, ${cpus().length} cores, ` +
    `${rounds} interleaved rounds × ${Math.round(durationMs / rounds)} ms per cell, load average ${loadBefore.toFixed(2)} → ${loadavg()[0].toFixed(2)}`,
);
console.log(
  `${'contender'.padEnd(34)} ${'conc'.padStart(4)} ${'calls/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ` +
    `${'vs HTTP'.padStart(7)} ${'spread'.padStart(6)} ${'cli µs'.padStart(6)} ${'srv µs'.padStart(6)}`,
);
for (const cell of cells.values()) {
  const rate = median(cell.runs);
  const http = median(cells.get(`${HTTP}@${cell.concurrency}`).runs);
  const spread = (Math.max(...cell.runs) - Math.min(...cell.runs)) / rate;
  console.log(
    `${cell.name.padEnd(34)} ${String(cell.concurrency).padStart(4)} ${fmt(rate, 0)} ${fmt(percentile(cell.latencies, 0.5))} ` +
      `${fmt(percentile(cell.latencies, 0.99))} ${`${Math.round((rate / http) * 100)}%`.padStart(7)} ` +
      `${`${Math.round(spread * 100)}%`.padStart(6)} ${String(Math.round(cell.clientCpu / cell.calls)).padStart(6)} ` +
      `${String(Math.round(cell.serverCpu / cell.calls)).padStart(6)}`,
  );
}
console.log(
  'calls/s: median of the rounds; spread: (max − min) / median across rounds; cli/srv µs: CPU time per call of each process.',
);

stock.close();
tunedBare.close();
closeAllChannels();
await pool.close();
server.disconnect();
