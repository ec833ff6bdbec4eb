import { openSync, writeSync } from 'node:fs';

export const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
export const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/** The file a crash-test child reports to (`spawnChild` sets it). */
export const REPORT_FILE_ENV = 'CRASH_CHILD_REPORT_FILE';

let reportFd: number | undefined;

/**
 * Tells the parent one line, durably against SIGKILL: a file write is in the kernel when it
 * returns. Not stdout: a pipe write may wait in the child's memory when the parent reads slowly,
 * and dies with it, so a loaded machine lost the acknowledgements of ~100 batches that were
 * committed (CI, 2026-11-30).
 */
export function report(line: string): void {
  reportFd ??= openSync(process.env[REPORT_FILE_ENV]!, 'a');
  writeSync(reportFd, `${line}\n`);
}
