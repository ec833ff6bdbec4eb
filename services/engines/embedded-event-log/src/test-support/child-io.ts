import { reportTo } from '@pc/kit/testing/crash-report';

export const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
export const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/** The file a crash-test child reports to (`spawnChild` sets it). */
export const REPORT_FILE_ENV = 'CRASH_CHILD_REPORT_FILE';

let reporter: ((line: string) => void) | undefined;

/** Tells the parent one line, durably against SIGKILL (testing/crash-report.ts). */
export function report(line: string): void {
  reporter ??= reportTo(process.env[REPORT_FILE_ENV]!);
  reporter(line);
}
