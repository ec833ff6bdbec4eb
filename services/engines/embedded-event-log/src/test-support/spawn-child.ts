import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportedLines } from '@pc/kit/testing/crash-report';
import { TS_REGISTER } from '@pc/kit/testing/ts-register';
import { REPORT_FILE_ENV } from './child-io.js';

export interface ChildRun {
  /** Every line the child reported so far (`report` in child-io.ts), then any early exit. */
  readonly lines: string[];
  /** SIGKILLs the child (no cleanup, no flush) and resolves once it is gone. */
  kill(): Promise<void>;
}

/** Runs one of the TypeScript children beside this file in a separate Node process. */
export function spawnChild(script: string, args: readonly string[]): ChildRun {
  const reportDir = mkdtempSync(join(tmpdir(), 'crash-child-'));
  const reportFile = join(reportDir, 'report.txt');
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--require', TS_REGISTER, join(__dirname, script), ...args],
    { stdio: 'pipe', env: { ...process.env, [REPORT_FILE_ENV]: reportFile } },
  );
  const exits: string[] = [];
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout.resume();
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  child.once('exit', (code, signal) => {
    if (signal !== 'SIGKILL') exits.push(`exited early: code ${code} signal ${signal} ${stderr}`);
  });
  let killed: Promise<void> | undefined;
  let final: string[] | undefined;
  return {
    get lines() {
      return [...(final ?? reportedLines(reportFile)), ...exits];
    },
    kill() {
      killed ??= (async () => {
        child.kill('SIGKILL');
        await exited;
        final = reportedLines(reportFile);
        rmSync(reportDir, { recursive: true, force: true });
      })();
      return killed;
    },
  };
}
