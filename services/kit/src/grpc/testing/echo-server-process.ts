import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { TS_REGISTER } from '../../testing/ts-register.js';

export interface EchoServerProcess {
  readonly port: number;
  readonly child: ChildProcess;
  /** SIGTERM (graceful shutdown) and wait for the process to exit. */
  stop(): Promise<void>;
}

/** Starts echo-server-main.ts in a process of its own; resolves once it listens. */
export async function startEchoServer(env: Readonly<Record<string, string>> = {}): Promise<EchoServerProcess> {
  const child = fork(join(__dirname, 'echo-server-main.ts'), [], {
    execArgv: ['--require', TS_REGISTER],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`echo server exited with ${code} before listening`)));
  });
  return {
    port,
    child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
