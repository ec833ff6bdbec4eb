// Starts the local platform (`scripts/start.mjs`) on its own ports and data dir for the core
// benchmark, seeding it on first use, and measures its memory.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signAs } from '../../platform/identity-keys.mjs';
import { SERVICES } from '../../platform/services.mjs';

// Below the kernel's ephemeral range (32768–60999), which outgoing connections draw from.
// WEB_PORT, GRPC_PORT_BASE and OPS_PORT_BASE move them where those are taken (the site's admin app
// takes WEB_PORT + 5, the Elasticsearch search process GRPC_PORT_BASE + 15).
export const PORTS = {
  web: Number(process.env.WEB_PORT ?? 3700),
  grpcBase: Number(process.env.GRPC_PORT_BASE ?? 23051),
  opsBase: Number(process.env.OPS_PORT_BASE ?? 9901),
};
export const grpcAddress = (service) => `127.0.0.1:${PORTS.grpcBase + SERVICES.indexOf(service)}`;

/** Runs the launcher; resolves once the platform is up (after seeding an empty data dir). */
export async function startPlatform(root, { dataDir, seedArgs, ports = PORTS }) {
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      SKIP_BUILD: '1',
      START_QUIET: '1',
      DATA_DIR: dataDir,
      WEB_PORT: String(ports.web),
      GRPC_PORT_BASE: String(ports.grpcBase),
      OPS_PORT_BASE: String(ports.opsBase),
      SEED_ARGS: seedArgs,
      // The benchmarks load the site from one address far beyond a visitor's rate limits.
      EDGE_RATE_PER_IP: '0',
      EDGE_WRITE_RATE_PER_IP: '0',
      EDGE_RATE_PER_SESSION: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk) => {
    output += chunk.toString();
    for (const line of chunk.toString().split('\n'))
      if (line.startsWith('seed') && /ingest done|seeded:|published|catalog: .* found/.test(line))
        console.log(`    ${line}`);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  await new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (/The platform \(\w+ profile\) is up/.test(output)) {
        clearInterval(timer);
        resolve();
      }
    }, 200);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`the platform exited (${code}):\n${output.slice(-4000)}`));
    });
  });
  // The benchmark's own calls are signed as `ops` with the keys the launcher made.
  await signAs(dataDir, 'ops');
  return {
    output: () => output,
    seededInThisRun: /seeded: /.test(output),
    siteUrl: `http://127.0.0.1:${ports.web}`,
    /** Where a service's ops server (/metrics) listens. */
    opsUrl: (service) => `http://127.0.0.1:${ports.opsBase + SERVICES.indexOf(service)}`,
    /** RSS of the launcher and everything it started, in MiB. */
    rssMiB: () => treeRssMiB(child.pid),
    /** CPU seconds (user + system) used so far by each process of the platform, by name. */
    cpuSeconds: () => treeCpuSeconds(child.pid),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGINT');
      }),
  };
}

export function isSeeded(dataDir) {
  return existsSync(join(dataDir, '.seeded'));
}

/** A process and its descendants. */
function processTree(pid) {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try {
      const children = execFileSync('pgrep', ['-P', String(pids[i])], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .filter(Boolean);
      pids.push(...children.map(Number));
    } catch {
      // pgrep exits 1 without children
    }
  }
  return pids;
}

/** Sum of VmRSS over a process and its descendants (Linux /proc). */
export function treeRssMiB(pid) {
  let kib = 0;
  for (const p of processTree(pid)) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      if (match) kib += Number(match[1]);
    } catch {
      // exited meanwhile
    }
  }
  return kib / 1024;
}

const CLOCK_TICKS_PER_SECOND = 100; // Linux USER_HZ

/**
 * utime + stime of each process of the tree, named by what it runs (`services/<name>/dist` →
 * name, else the script's file name), so a phase's CPU can be split by service.
 */
export function treeCpuSeconds(pid) {
  const byName = {};
  for (const p of processTree(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
      const args = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
      const script = args.find((arg) => arg.endsWith('.js') || arg.endsWith('.mjs')) ?? args[0];
      const name = /services\/([\w-]+)\//.exec(script)?.[1] ?? script.split('/').slice(-2).join('/');
      byName[name] = (byName[name] ?? 0) + seconds;
    } catch {
      // exited meanwhile
    }
  }
  return byName;
}
