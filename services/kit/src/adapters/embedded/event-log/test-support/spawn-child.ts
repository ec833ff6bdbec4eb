import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';

export interface ChildRun {
  /** Every complete line the child printed so far. */
  readonly lines: string[];
  /** SIGKILLs the child (no cleanup, no flush) and resolves once it is gone. */
  kill(): Promise<void>;
}

/** Runs one of the TypeScript children beside this file in a separate Node process. */
export function spawnChild(script: string, args: readonly string[]): ChildRun {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--require', join(__dirname, '..', '..', '..', '..', 'testing', 'ts-register.cjs'), join(__dirname, script), ...args],
    { stdio: 'pipe' },
  );
  const lines: string[] = [];
  let partial = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // 'close', not 'exit': it comes after stdout is drained, so no acknowledged line is missed.
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  child.once('exit', (code, signal) => {
    if (signal !== 'SIGKILL') lines.push(`exited early: code ${code} signal ${signal} ${stderr}`);
  });
  return {
    lines,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
