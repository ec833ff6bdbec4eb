// `npm test`: everything CI checks, in order of cost — build, lint, typecheck, unit/contract/
// service tests, fault tests against real engines, the end-to-end tests of `npm start` (and of
// the cluster profile), and the deploy checks — then one line: "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const reports = join(root, 'artifacts', 'test-reports');
mkdirSync(reports, { recursive: true });
const skipDeploy = process.env.SKIP_DEPLOY_CHECK === '1';

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function step(name, command, args, options = {}) {
  process.stdout.write(`\n━━ ${name}\n`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  process.stdout.write(
    `━━ ${name}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds} s\n`,
  );
  if (!ok) failedSteps.push(name);
  return ok;
}

/** Runs a jest config and adds its counts (from its JSON report) to the totals. */
function jestStep(name, args) {
  const report = join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const ok = step(name, process.execPath, [
    join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
    '--ci',
    '--json',
    `--outputFile=${report}`,
    ...args,
  ]);
  if (existsSync(report)) {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests;
    totals.skipped += result.numPendingTests + result.numTodoTests;
    if (!ok && result.numFailedTests === 0) totals.failed += 1; // a suite that failed to run
  } else if (!ok) totals.failed += 1;
}

const built = step('build (protos, TypeScript, site)', process.execPath, [join(root, 'scripts', 'build.mjs')]);
step('lint', 'npm', ['run', '--silent', 'lint']);
if (built) step('typecheck site', bin('tsc'), ['-p', 'web/tsconfig.json']);
if (built) step('typecheck platform end-to-end tests', bin('tsc'), ['-p', 'scripts/e2e/tsconfig.json']);
jestStep('unit, contract and service tests', ['--config', 'jest.config.cjs']);
jestStep('fault tests (real engines restarted mid-stream)', ['--config', 'jest.fault.config.cjs', '--runInBand']);
// The browser tests among the end-to-end tests need Debian's Chromium (installed if missing).
const chromium =
  built && step('chromium for the browser tests', 'bash', [join(root, 'scripts', 'browser', 'ensure-chromium.sh')]);
// The end-to-end tests list the running services with grpcurl (built with `go install` if missing).
if (built)
  step('grpcurl for the reflection checks', 'bash', [join(root, 'scripts', 'tools', 'ensure-grpcurl.sh')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
// The load smoke run of the end-to-end tests drives vegeta (built with `go install` if missing; ADR 051).
if (built)
  step('vegeta for the load smoke run', 'bash', [join(root, 'scripts', 'tools', 'ensure-vegeta.sh')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
if (built)
  jestStep('end-to-end tests', [
    '--config',
    'jest.e2e.config.cjs',
    '--runInBand',
    ...(chromium ? [] : ['--testPathIgnorePatterns', '/node_modules/', '/dist/', '/web/e2e/']),
  ]);
if (!skipDeploy)
  step('deploy checks (helm lint, template, schema)', 'bash', [join(root, 'scripts', 'deploy', 'check.sh')]);

if (failedSteps.length > 0) process.stdout.write(`\nfailed steps: ${failedSteps.join(', ')}\n`);
// Steps without test counts (build, lint, typecheck, deploy) count as one failure each.
const failed = totals.failed + failedSteps.filter((s) => !/tests$/.test(s)).length;
process.stdout.write(`\ntests: ${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped\n`);
process.exit(failed > 0 ? 1 : 0);
