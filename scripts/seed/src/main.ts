import { parseSeedOptions, USAGE, UsageError } from './cli/seed-options.js';
import { SeedFailure } from './run/seed-failure.js';
import { runSeed } from './run/seed-run.js';

/** `npm run seed`: fills the platform with a deterministic, realistic dataset (see README). */
async function main(): Promise<number> {
  let options;
  try {
    options = parseSeedOptions(process.argv.slice(2), process.env, new Date());
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
  if (options === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  return runSeed(options, process.env);
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const explained = error instanceof SeedFailure || (error instanceof Error && error.name === 'ConfigError');
    process.stderr.write(
      `seed failed: ${error instanceof Error ? (explained ? error.message : (error.stack ?? error.message)) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
