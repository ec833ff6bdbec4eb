import { execFile } from 'node:child_process';
import { join } from 'node:path';

/**
 * Runs a test block against a real engine when its URL is set; otherwise skips it with a loud
 * line, or fails the run under REQUIRE_ENGINES=1 (CI), so a missing engine is never silent.
 */
export type EngineVariable = 'KAFKA_BROKERS' | 'MONGODB_URI' | 'ELASTICSEARCH_URL' | 'REDIS_URL';

export function describeWithEngine(variable: EngineVariable, name: string, body: (url: string) => void): void {
  describeWithEngines([variable], name, (urls) => body(urls[0]!));
}

/** As describeWithEngine, for a block that needs several engines at once. */
export function describeWithEngines(
  variables: readonly EngineVariable[],
  name: string,
  body: (urls: string[]) => void,
): void {
  const missing = variables.filter((variable) => !process.env[variable]);
  if (missing.length === 0) {
    describe(name, () => body(variables.map((variable) => process.env[variable]!)));
    return;
  }
  const needs = missing.join(', ');
  if (process.env.REQUIRE_ENGINES === '1') {
    describe(name, () => {
      it(`needs ${needs}`, () => {
        throw new Error(`${needs} not set but REQUIRE_ENGINES=1: start the engines (scripts/engines/engines.sh up)`);
      });
    });
    return;
  }
  process.stderr.write(
    `\n*** SKIPPED: ${name} — ${needs} not set (scripts/engines/engines.sh up && source ~/.cache/pricecompare/engines/env.sh) ***\n`,
  );
  describe.skip(name, () => {
    it(`needs ${needs}`, () => undefined);
  });
}

/** Whether the engines are the ones scripts/engines runs here, so fault tests may restart them. */
export function enginesAreManaged(): boolean {
  return Boolean(process.env.ENGINES_HOME);
}

/** Stops and starts one managed engine (fault tests); resolves once it answers again. */
export function restartEngine(engine: 'kafka' | 'mongodb' | 'elasticsearch' | 'redis'): Promise<void> {
  const script = join(__dirname, '..', '..', '..', '..', 'scripts', 'engines', 'engines.sh');
  return new Promise((resolve, reject) => {
    execFile('bash', [script, 'restart', engine], { timeout: 180_000 }, (error, _stdout, stderr) =>
      error ? reject(new Error(`restarting ${engine} failed: ${stderr}`)) : resolve(),
    );
  });
}
