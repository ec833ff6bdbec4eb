import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SUPERVISOR = join(__dirname, 'supervisor.mjs');
const LOG_PRINTER = join(__dirname, 'log-printer.mjs');

/** Runs ES module code (the launcher's modules are .mjs, which jest does not load) and returns its stdout. */
const runModule = (code: string, env: NodeJS.ProcessEnv = process.env): string =>
  execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', env });

/** A child that writes 40 numbered lines to stdout and as many to stderr, taking turns. */
const CHILD = `let i = 0;
const timer = setInterval(() => {
  const rest = String(i).padStart(2, '0') + ' ' + 'x'.repeat(40) + '\\n';
  process.stdout.write('out ' + rest);
  process.stderr.write('err ' + rest);
  if (++i === 40) clearInterval(timer);
}, 2);`;

/** The numbers of a stream's lines in a file, in file order. */
const numbers = (text: string, stream: 'out' | 'err'): number[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith(`${stream} `))
    .map((line) => Number(line.slice(4, 6)));

describe("the launcher's log files (npm start)", () => {
  let logDir: string;
  beforeEach(() => {
    logDir = mkdtempSync(join(tmpdir(), 'log-printer-'));
  });
  afterEach(() => rmSync(logDir, { recursive: true, force: true }));

  it('renames a file that would grow beyond its limit to <name>.log.1 and begins a new one, for stdout and stderr alike', () => {
    runModule(`
      import { Supervised } from ${JSON.stringify(SUPERVISOR)};
      const child = new Supervised({
        name: 'offers', command: process.execPath, args: ['-e', ${JSON.stringify(CHILD)}],
        env: process.env, cwd: process.cwd(), logDir: ${JSON.stringify(logDir)}, logMaxBytes: 1000, quiet: true,
      });
      child.start();
      child.stopping = true;
      await new Promise((resolve) => child.child.once('close', resolve));
    `);
    const current = readFileSync(join(logDir, 'offers.log'), 'utf8');
    const rotated = readFileSync(join(logDir, 'offers.log.1'), 'utf8');

    expect(statSync(join(logDir, 'offers.log')).size).toBeLessThanOrEqual(1000);
    expect(statSync(join(logDir, 'offers.log.1')).size).toBeLessThanOrEqual(1000);
    expect(statSync(join(logDir, 'offers.log.1')).size).toBeGreaterThan(900);
    for (const stream of ['out', 'err'] as const) {
      // The older lines in .log.1, the newer in .log, none lost between them, the newest last.
      const kept = [...numbers(rotated, stream), ...numbers(current, stream)];
      expect(kept.length).toBeGreaterThan(0);
      expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => 40 - kept.length + i));
      expect(numbers(current, stream).at(-1)).toBe(39);
    }
    // Every line whole: the rotation falls between lines.
    expect(
      `${rotated}${current}`
        .split('\n')
        .filter(Boolean)
        .every((line) => /^(out|err) \d\d x{40}$/.test(line)),
    ).toBe(true);
  });

  it('reads its limit from LOG_FILE_MAX_MB (64 MiB unless set) and names the variable when it is bad', () => {
    const limit = (value: string | undefined) =>
      runModule(
        `import { logFileMaxBytes } from ${JSON.stringify(LOG_PRINTER)};
        try { console.log(logFileMaxBytes(process.env)); } catch (error) { console.log(error.message); }`,
        { ...process.env, LOG_FILE_MAX_MB: value },
      ).trim();
    expect(limit(undefined)).toBe(String(64 * 1024 * 1024));
    expect(limit('0.5')).toBe(String(512 * 1024));
    expect(limit('lots')).toBe('LOG_FILE_MAX_MB must be a positive number of MiB, not lots');
  });
});
