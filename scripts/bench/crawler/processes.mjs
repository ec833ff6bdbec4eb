// The processes bench:crawler starts: the demo shops and a crawler service on its own (embedded
// engines in a temp data dir), each ready when it says so over IPC, and their CPU time.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Starts `node args…`; resolves once it sends { type: 'ready' } over IPC. */
export function startReady(name, args, { env = {}, cwd, timeoutMs = 180_000 } = {}) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const keep = (chunk) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  // BENCH_VERBOSE=1: the processes' own output passes through (their logs, a profile's timings).
  if (process.env.BENCH_VERBOSE === '1') child.stderr.on('data', (chunk) => process.stderr.write(`${name} | ${chunk}`));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} was not ready within ${timeoutMs / 1000} s:\n${output}`)),
      timeoutMs,
    );
    child.on('message', (message) => {
      if (message?.type !== 'ready') return;
      clearTimeout(timer);
      resolve(message);
    });
    void exited.then((code) => reject(new Error(`${name} exited (${code}) before it was ready:\n${output}`)));
  });
  return {
    ready,
    output: () => output,
    pid: () => child.pid,
    cpuSeconds: () => cpuSecondsOf(child.pid),
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** utime + stime of one process (Linux /proc), seconds. */
export function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The demo shops of a world, on `network`.x.y:`port`; their admin address reads the manifest and the request log. */
export async function startDemoShops(root, { port, network, worldArgs }) {
  const process = startReady(
    'demo shops',
    [
      '--enable-source-maps',
      join(root, 'scripts', 'demo-shops', 'dist', 'main.js'),
      '--port',
      String(port),
      '--network',
      network,
      ...worldArgs,
    ],
    { cwd: root },
  );
  const { adminUrl } = await process.ready;
  const json = async (path, init) => {
    const response = await fetch(`${adminUrl}${path}`, init);
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  return {
    ...process,
    adminUrl,
    manifest: () => json('/__admin/shops'),
    /** Per host and in total: requests since `since`, arrivals closer than `minIntervalMs`, most in flight. */
    requests: (since, minIntervalMs = 1000) => json(`/__admin/requests?minIntervalMs=${minIntervalMs}&since=${since}`),
    clearLog: () => json('/__admin/requests', { method: 'DELETE' }),
  };
}
