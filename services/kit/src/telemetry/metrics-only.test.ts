import { fork } from 'node:child_process';
import { join } from 'node:path';
import { TS_REGISTER } from '../testing/ts-register.js';

const MAIN = join(__dirname, 'testing', 'metrics-only-main.ts');

/**
 * Without a trace endpoint the site still measures its HTTP requests for `/metrics`, but leaves
 * grpc-js unpatched: a span no one records would only cost each call its wrapping.
 */
describe('telemetry for metrics alone', () => {
  it('measures served HTTP requests and leaves grpc-js as it is', async () => {
    const child = fork(MAIN, [], {
      execArgv: ['--require', TS_REGISTER],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const report = await new Promise<{ grpcPatched: boolean; measured: string[] }>((resolve, reject) => {
      child.once('message', (message) => resolve(message as { grpcPatched: boolean; measured: string[] }));
      child.once('exit', (code) => reject(new Error(`the probe exited (${code}) without a report`)));
    });
    expect(report.measured).toContain('http.server.request.duration');
    expect(report.grpcPatched).toBe(false);
  });
});
