import { execFile, execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ENSURE = join(__dirname, '..', '..', '..', '..', 'scripts', 'tools', 'ensure-grpcurl.sh');

/** grpcurl's path, built first when missing (scripts/tools/ensure-grpcurl.sh: minutes, once per machine). */
export function ensureGrpcurl(): string {
  return execFileSync('bash', [ENSURE], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
}

/** grpcurl's path when it is built already, else undefined. */
export function builtGrpcurl(): string | undefined {
  try {
    return execFileSync('bash', [ENSURE, '--check'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/** Runs grpcurl and returns what it printed (asynchronously: the server may be in this process). */
export async function grpcurl(binary: string, args: readonly string[]): Promise<string> {
  return (await promisify(execFile)(binary, args, { encoding: 'utf8', timeout: 30_000 })).stdout;
}
