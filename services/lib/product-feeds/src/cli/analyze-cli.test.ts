import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = resolve(__dirname, '..', '..', '..', '..', '..');

/** `npm run feeds:analyze` as staff run it: the report on stdout as JSON, exit codes for bad input. */
describe('feeds:analyze', () => {
  const dir = mkdtempSync(join(tmpdir(), 'feeds-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cli = (...args: string[]) =>
    run(
      process.execPath,
      [
        '-r',
        join(root, 'scripts/jest/ts-register.cjs'),
        join(root, 'services/lib/product-feeds/src/cli/analyze-cli.ts'),
        ...args,
      ],
      { cwd: root },
    ).then(
      (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
      (failed: { code: number; stdout: string; stderr: string }) => ({
        code: failed.code,
        stdout: failed.stdout,
        stderr: failed.stderr,
      }),
    );

  it('prints the report of a feed as JSON', async () => {
    const file = join(dir, 'feed.csv');
    writeFileSync(
      file,
      'id,title,brand,mpn,price,link\n1,Kettle,Acme,K1,29.90,https://s.ch/1\n2,Toaster,Acme,,0,https://s.ch/2\n',
    );
    const { code, stdout } = await cli('--file', file, '--format', 'auto', '--taxonomy', 'none');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      format: 'csv',
      rows: 2,
      valid: 1,
      rejected: 1,
      rejectedByReason: { identifier_required: 1, price_not_positive: 1 },
    });
  });

  it('exits 3 with the report when the feed cannot be read, 2 on a bad flag', async () => {
    const file = join(dir, 'broken.xml');
    writeFileSync(file, '<rss xmlns:g="http://base.google.com/ns/1.0"><channel><item><g:id>1</item>');
    const broken = await cli('--file', file, '--taxonomy', 'none');
    expect(broken.code).toBe(3);
    expect(JSON.parse(broken.stdout)).toMatchObject({
      complete: false,
      error: { message: expect.stringMatching(/not well-formed/) },
    });
    const usage = await cli('--file', file, '--format', 'pdf');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--format: "pdf" is not/);
  });
});
