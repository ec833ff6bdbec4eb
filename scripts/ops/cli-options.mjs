// The command-line options of `npm run backup` and `npm run restore`, and the DATA_DIR they use.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { platformLayout } from '../platform/services.mjs';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** An error for the operator: printed without a stack, exit code 1. */
export class OperatorError extends Error {}

/**
 * Parses `argv` against `spec`: `{ valueOption: 'to', flags: ['include-search-index'] }`.
 * `--to X` and `--to=X` both work; anything else is an error naming it.
 */
export function parseOptions(argv, spec, usage) {
  const options = { flags: new Set() };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      process.stdout.write(`${usage}\n`);
      process.exit(0);
    }
    const [name, inline] = arg.startsWith('--') ? arg.slice(2).split(/=(.*)/s, 2) : [undefined];
    if (name === spec.valueOption) {
      const value = inline ?? argv[(i += 1)];
      if (value === undefined || value === '') throw new OperatorError(`--${name} needs a folder\n${usage}`);
      options.value = value;
    } else if (name !== undefined && spec.flags.includes(name) && inline === undefined) options.flags.add(name);
    else throw new OperatorError(`unknown argument ${JSON.stringify(arg)}\n${usage}`);
  }
  if (options.value === undefined) throw new OperatorError(`--${spec.valueOption} <folder> is required\n${usage}`);
  return options;
}

/** The platform's layout and its DATA_DIR as `npm start` resolves it (from the repository). */
export function localPlatform(env = process.env) {
  const layout = platformLayout(env);
  return { layout, dataDir: resolve(repoRoot, layout.dataDir) };
}

/** Runs `main`; an OperatorError prints its message, anything else its stack; both exit 1. */
export function runCli(main) {
  main().catch((error) => {
    process.stderr.write(`${error instanceof OperatorError ? error.message : error.stack}\n`);
    process.exit(1);
  });
}
