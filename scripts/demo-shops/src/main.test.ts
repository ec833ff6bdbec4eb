import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const repo = join(__dirname, '..', '..', '..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const exited = (child: ChildProcess, withinMs: number) =>
  new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still running ${withinMs} ms later`)), withinMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });

/** The demo shops' process as `npm start` runs it: forked, with the launcher's IPC channel. */
async function startDemoShopsProcess(): Promise<ChildProcess> {
  const port = await freePort();
  const child = fork(
    join(repo, 'scripts', 'demo-shops', 'src', 'main.ts'),
    ['--port', String(port), '--network', '127.13', '--products', '20', '--shops', '3', '--history-days', '10'],
    { execArgv: ['-r', join(repo, 'scripts', 'jest', 'ts-register.cjs')], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.once('message', (message: { type?: string }) =>
      message.type === 'ready' ? resolve() : reject(new Error(`unexpected message ${JSON.stringify(message)}`)),
    );
    child.once('exit', (code) => reject(new Error(`the demo shops exited (${code}) before ready: ${stderr}`)));
  });
  return child;
}

describe('the demo shops process', () => {
  it('stops when its launcher goes away without stopping it, freeing the shops’ addresses', async () => {
    const child = await startDemoShopsProcess();
    try {
      child.disconnect();
      expect(await exited(child, 10_000)).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('stops on SIGTERM, as the launcher stops it', async () => {
    const child = await startDemoShopsProcess();
    try {
      child.kill('SIGTERM');
      expect(await exited(child, 10_000)).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
