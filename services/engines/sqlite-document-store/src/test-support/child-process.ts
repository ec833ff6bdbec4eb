import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { TS_REGISTER } from '@pc/kit/testing/ts-register';

export interface LineChild {
  readonly child: ChildProcess;
  /** Complete stdout lines so far (a line cut by a kill is never included). */
  readonly lines: string[];
  stderr(): string;
  /** Resolves once a line satisfies the predicate; rejects if the child exits first or on timeout. */
  waitFor(predicate: (lines: readonly string[]) => boolean, timeoutMs: number): Promise<void>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs a TypeScript file of this folder in a plain `node` process, reading its stdout by line. */
export function spawnTsChild(script: string, args: readonly string[]): LineChild {
  const child = spawn(process.execPath, ['-r', TS_REGISTER, join(__dirname, script), ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  let errors = '';
  const listeners = new Set<() => void>();
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
    for (const listener of listeners) listener();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    // 'close' rather than 'exit': stdout has been read to its end by then.
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  const waitFor = (predicate: (seen: readonly string[]) => boolean, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        listeners.delete(check);
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (predicate(lines)) done();
      };
      const timer = setTimeout(() => done(new Error(`child timed out; stderr: ${errors}`)), timeoutMs);
      listeners.add(check);
      void exited.then(() => done(new Error(`child exited early; stderr: ${errors}`)));
      check();
    });
  return { child, lines, stderr: () => errors, waitFor, exited };
}
