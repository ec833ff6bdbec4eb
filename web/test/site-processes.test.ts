// Two site processes on one port under the primary (web/server.mjs, web/cluster/, ADR 092), started
// from the build as `npm start` starts the site, on pages that need no service: what a visitor and
// an operator notice — one micro-cache, one CSRF key, one set of rate-limit windows, one `/metrics`, a process
// that dies started again, a graceful stop.
import { fork, execFileSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts } from './free-ports';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SITE_V8_FLAGS } = require('../cluster/v8-flags.cjs') as { SITE_V8_FLAGS: string[] };

const RATE_PER_MINUTE = 12;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The site processes the primary runs now (its children). */
const siteProcesses = (primary: number): number[] => {
  try {
    return execFileSync('pgrep', ['-P', String(primary)])
      .toString()
      .trim()
      .split('\n')
      .map(Number)
      .sort();
  } catch {
    return [];
  }
};

/** Requests counted against the visitor's rate-limit window so far (all but health probes). */
let counted = 0;

/** A visitor's request on a connection of its own: the primary hands each connection to the processes in turn. */
async function visit(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; cache: string | null; headers: Headers; body: string }> {
  const answer = await fetch(url, { ...init, headers: { ...init.headers, connection: 'close' }, redirect: 'manual' });
  if (!url.endsWith('/healthz')) counted += 1;
  const body = await answer.text();
  return { status: answer.status, cache: answer.headers.get('x-cache'), headers: answer.headers, body };
}

describe('the site as two processes on one port', () => {
  let site: ChildProcess;
  let origin: string;
  let metricsUrl: string;
  let dataDir: string;
  const launcherHeard: unknown[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'site-processes-'));
    const [port, metricsPort] = await freePorts(2);
    origin = `http://127.0.0.1:${port}`;
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    site = fork(join(__dirname, '..', 'server.mjs'), [], {
      cwd: join(__dirname, '..'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SITE_PROCESSES: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        METRICS_PORT: String(metricsPort),
        DATA_DIR: dataDir,
        EDGE_RATE_PER_IP: String(RATE_PER_MINUTE),
        LOG_LEVEL: 'warn',
      },
      execArgv: [],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    site.on('message', (message) => launcherHeard.push(message));
    const deadline = Date.now() + 60_000;
    while (launcherHeard.length === 0 && Date.now() < deadline) await sleep(50);
  }, 70_000);

  afterAll(() => {
    if (site.exitCode === null) site.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('tells its launcher it is ready once, when both processes listen', async () => {
    expect(launcherHeard).toEqual([{ type: 'ready', service: 'web', httpPort: Number(new URL(origin).port) }]);
    expect(siteProcesses(site.pid!)).toHaveLength(2);
  });

  it("runs every site process with the site's V8 flags", () => {
    for (const pid of siteProcesses(site.pid!)) {
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      expect(commandLine).toEqual(expect.arrayContaining(SITE_V8_FLAGS));
    }
  });

  it('serves a page one process rendered from the other too, and counts both on one /metrics', async () => {
    const answers = [];
    for (let n = 0; n < 4; n += 1) answers.push(await visit(`${origin}/en-ch/about`));
    expect(answers.map(({ status, cache }) => ({ status, cache }))).toEqual([
      { status: 200, cache: 'miss' },
      { status: 200, cache: 'hit' },
      { status: 200, cache: 'hit' },
      { status: 200, cache: 'hit' },
    ]);
    const metrics = await (await fetch(metricsUrl)).text();
    const value = (series: string) => Number(new RegExp(`^${series} (\\d+)`, 'm').exec(metrics)?.[1] ?? NaN);
    const hits = (slot: number) =>
      value(`web_micro_cache_requests_total\\{answer="hits",site_process="${slot}",otel_scope_name="@pc/web"\\}`);
    // Rendered once, stored by one, given to the other; the hits came from both.
    expect(hits(0) + hits(1)).toBe(3);
    expect(Math.min(hits(0), hits(1))).toBeGreaterThan(0);
    const stores = [0, 1].map((slot) =>
      value(`web_micro_cache_stores_total\\{site_process="${slot}",otel_scope_name="@pc/web"\\}`),
    );
    expect(stores.sort()).toEqual([0, 1]);
    // Each metric once, with the series of both processes, as a Prometheus scrape must read it.
    const types = metrics.split('\n').filter((line) => line.startsWith('# TYPE'));
    expect(new Set(types).size).toBe(types.length);
    expect(types).toContain('# TYPE web_micro_cache_received_total counter');
  });

  it('tells every process that the bus is followed, the one following it and the other through the primary', async () => {
    // The follower says so 10 s after it subscribed (ADR 101): evented page parts live longer then.
    const followed = async (slot: number) => {
      const metrics = await (await fetch(metricsUrl)).text();
      const series = `web_page_parts_bus_followed\\{site_process="${slot}",otel_scope_name="@pc/web"\\}`;
      return Number(new RegExp(`^${series} (\\d+)`, 'm').exec(metrics)?.[1] ?? NaN);
    };
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && ((await followed(0)) !== 1 || (await followed(1)) !== 1)) await sleep(250);
    expect([await followed(0), await followed(1)]).toEqual([1, 1]);
  }, 40_000);

  it('accepts the CSRF token one process handed out in every process', async () => {
    const form = await visit(`${origin}/en-ch/login`);
    const token = /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
    const cookie = form.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    expect(cookie).toContain('XSRF-TOKEN=');
    const post = async () =>
      (
        await visit(`${origin}/en-ch/login`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ _csrf: token, email: 'not-an-email', password: '' }).toString(),
        })
      ).status;
    // The form's own mistakes (400), not "page expired" (419), from both processes in turn.
    expect([await post(), await post()]).toEqual([400, 400]);
  });

  it('counts a visitor against one set of rate-limit windows, whichever process answers', async () => {
    // The window holds RATE_PER_MINUTE for all processes together, some of it used above.
    const left = RATE_PER_MINUTE - counted;
    expect(left).toBeGreaterThan(2);
    const statuses = [];
    for (let n = 0; n < left + 2; n += 1) statuses.push((await visit(`${origin}/en-ch/about`)).status);
    expect(statuses).toEqual([...Array(left).fill(200), 429, 429]);
  });

  it('starts a process that died again, and the site keeps answering meanwhile', async () => {
    const [victim, survivor] = siteProcesses(site.pid!);
    process.kill(victim!, 'SIGKILL');
    // Once the primary has seen it go (a connection handed to it as it died is lost with it), and
    // for the second before it is started again, the other process answers every visitor.
    const deadline = Date.now() + 30_000;
    while (siteProcesses(site.pid!).length !== 1 && Date.now() < deadline) await sleep(20);
    expect(siteProcesses(site.pid!)).toEqual([survivor]);
    for (let n = 0; n < 3; n += 1) expect((await visit(`${origin}/healthz`)).status).toBe(200);
    let now = siteProcesses(site.pid!);
    while (!(now.length === 2 && !now.includes(victim!)) && Date.now() < deadline) {
      await sleep(100);
      now = siteProcesses(site.pid!);
    }
    expect(now).toContain(survivor);
    expect(now).toHaveLength(2);
    expect(now).not.toContain(victim);
  }, 40_000);

  it('stops every process and exits 0 on SIGTERM', async () => {
    const processes = siteProcesses(site.pid!);
    site.kill('SIGTERM');
    const [code] = (await once(site, 'exit')) as [number | null];
    expect(code).toBe(0);
    for (const pid of processes) expect(() => process.kill(pid, 0)).toThrow();
  }, 20_000);
});

describe('site processes that cannot start', () => {
  it('fail the primary at once with their exit code, naming the bad variable, not started again and again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'site-processes-'));
    const site = fork(join(__dirname, '..', 'server.mjs'), [], {
      cwd: join(__dirname, '..'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SITE_PROCESSES: '2',
        PORT: String((await freePorts(1))[0]),
        HOST: '127.0.0.1',
        METRICS_PORT: '0',
        DATA_DIR: dataDir,
        CSRF_SECRET: 'too short',
      },
      execArgv: [],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    site.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(site, 'exit')) as [number | null];
    rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(stderr).toContain('CSRF_SECRET: Too small');
    // Each of the two processes tried once at most (the second may be stopped before it fails too).
    expect(stderr.match(/invalid configuration/g)?.length).toBeLessThanOrEqual(2);
  }, 30_000);
});
