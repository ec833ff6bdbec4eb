// The seeding step of `npm start`: on a data dir that was never seeded (no marker file) and
// unless SEED=0, runs the seed at its default size through the running platform, printing its
// progress, and writes the marker when it succeeded. A failed seed leaves the platform running
// without demo data; `npm run seed` can be run by hand later.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedStaffEnv } from './seed-staff-user.mjs';

const entry = join(dirname(fileURLToPath(import.meta.url)), 'dist', 'main.js');
export const SEED_MARKER = '.seeded';

/** Whether `npm start` should seed this data dir. */
export const shouldSeed = (dataDir, env = process.env) => env.SEED !== '0' && !existsSync(join(dataDir, SEED_MARKER));

/**
 * Runs the seed as a child process with the platform's environment. Resolves to true when it
 * succeeded. `track` receives a handle with `stop()` so that Ctrl-C stops it with the rest.
 */
export async function runStartSeed({ dataDir, env, siteUrl, track = () => {} }) {
  process.stdout.write(`\n  Seeding demo data into ${dataDir} (SEED=0 skips this)…\n`);
  let staff;
  try {
    staff = await seedStaffEnv(env);
  } catch (error) {
    process.stdout.write(`seed         | no staff user to act as: ${error.message}\n`);
    return false;
  }
  // SEED_ARGS: extra flags for this first seed, e.g. "--products 50" (tests, small machines).
  const extra = (env.SEED_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, ['--enable-source-maps', entry, '--image-base', siteUrl, ...extra], {
    env: { ...env, ...staff },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track({
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  });
  const prefix = (stream, out) => {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      // The seed redraws its progress line with \r on a terminal; pass lines through prefixed.
      const lines = (rest + chunk).split(/\r?\n|\r/);
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) out.write(`seed         | ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      if (code === 0) {
        writeFileSync(join(dataDir, SEED_MARKER), `${JSON.stringify({ seededAt: new Date().toISOString() })}\n`);
        resolve(true);
        return;
      }
      process.stdout.write(
        `seed         | did not complete (exit ${code ?? signal}); the platform runs without (all) demo data — \`npm run seed\` tries again\n`,
      );
      resolve(false);
    });
  });
}
