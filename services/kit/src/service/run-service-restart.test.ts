import { fork } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestKeys } from '../identity/testing/test-identity.js';
import { TS_REGISTER } from '../testing/ts-register.js';
import type { RingReport } from './testing/failing-service-main.js';

const MAIN = join(__dirname, 'testing', 'failing-service-main.ts');

/**
 * A service that crashes and is started again, as `npm start`'s supervisor does (its stdout and
 * stderr appended to one file, the file named by LOG_RING_SEED_FILE): the restarted process's log
 * ring, which the infrastructure panel reads, starts with the crash (ADR 147).
 */
describe('a service restarted after a crash', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let logFile: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'run-service-restart-'));
    const keys = await makeTestKeys(['offers']);
    writeFileSync(join(dir, 'offers.jwk'), JSON.stringify(keys.privateKeys.get('offers')));
    writeFileSync(join(dir, 'trust.jwks'), JSON.stringify(keys.trust));
    env = {
      ...process.env,
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: '0',
      OPS_PORT: '0',
      DATA_DIR: dir,
      IDENTITY_KEY_FILE: join(dir, 'offers.jwk'),
      IDENTITY_TRUST_FILE: join(dir, 'trust.jwks'),
      LOG_LEVEL: 'info',
    };
  });
  beforeEach(() => {
    logFile = join(dir, `offers-${Date.now()}.log`);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs the service once, appending what it prints to the log file; resolves its exit code. */
  const runUntilExit = (childEnv: NodeJS.ProcessEnv): Promise<number | null> => {
    const child = fork(MAIN, [], { execArgv: ['--require', TS_REGISTER], env: childEnv, stdio: 'pipe' });
    child.stdout?.on('data', (chunk: Buffer) => appendFileSync(logFile, chunk));
    child.stderr?.on('data', (chunk: Buffer) => appendFileSync(logFile, chunk));
    return new Promise((resolve) => child.once('close', (code) => resolve(code)));
  };

  /** Starts the service with its ring seeded from the log file; resolves what the ring held at start. */
  const restart = async (): Promise<RingReport['records']> => {
    const child = fork(MAIN, [], {
      execArgv: ['--require', TS_REGISTER],
      env: { ...env, LOG_RING_SEED_FILE: logFile },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      return await new Promise((resolve, reject) => {
        child.on('message', (message: { type?: string }) => {
          if (message.type === 'ring') resolve((message as RingReport).records);
        });
        child.once('exit', (code) => reject(new Error(`the restarted service exited (${code}) without a report`)));
      });
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  };

  it.each([
    ['exception', 'uncaught exception', 'an unexpected state'],
    ['rejection', 'unhandled rejection', 'a promise no one awaited'],
  ])('logs an uncaught %s as a fatal JSON line, and starts again with it', async (failWith, message, reason) => {
    expect(await runUntilExit({ ...env, FAIL_WITH: failWith })).toBe(1);
    const lines = readFileSync(logFile, 'utf8').trim().split('\n');
    const last = JSON.parse(lines[lines.length - 1] ?? '') as { level: string; msg: string; time: string };
    expect(last).toMatchObject({ level: 'fatal', msg: message, err: { message: reason } });

    const records = await restart();

    expect(records.map((record) => [record.level, record.message])).toEqual([
      ['fatal', message],
      ['warn', 'state looks odd'],
    ]);
    expect(records[0]?.time).toBe(last.time);
    expect(JSON.parse(records[0]?.fieldsJson ?? '{}')).toMatchObject({ err: { message: reason } });
  });
});
