import { parseArgs } from 'node:util';

/** A command-line mistake: printed as "error: …" with the usage, exit code 2. */
export class UsageError extends Error {}

/** Reads `--name value` options; every name in `required` must be given. */
export function readOptions<const N extends string>(
  argv: readonly string[],
  names: readonly N[],
  required: readonly N[],
): Record<N, string | undefined> {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: [...argv],
      options: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
      strict: true,
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const missing = required.filter((name) => typeof values[name] !== 'string' || values[name] === '');
  if (missing.length > 0) throw new UsageError(`missing ${missing.map((name) => `--${name}`).join(', ')}`);
  return values as Record<N, string | undefined>;
}

/** Runs a command: its result on stdout, a usage error or failure on stderr with exit code 2 or 1. */
export function runCommand(usage: string, main: () => Promise<string>): void {
  main().then(
    (output) => process.stdout.write(`${output}\n`),
    (error: unknown) => {
      const usageError = error instanceof UsageError;
      process.stderr.write(`error: ${(error as Error).message}\n${usageError ? `usage: ${usage}\n` : ''}`);
      process.exitCode = usageError ? 2 : 1;
    },
  );
}
