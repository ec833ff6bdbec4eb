import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { createServiceClient } from '@pc/kit/grpc/client';
import { loadProcessIdentity } from '@pc/kit/identity/process-identity';
import { SERVICES } from '../platform/service-list.cjs';

const root = join(__dirname, '..', '..');

export interface RunningPlatform {
  readonly process: ChildProcess;
  readonly siteUrl: string;
  /** The staff admin app: `${adminUrl}/shopping/login`, … */
  readonly adminUrl: string;
  readonly dataDir: string;
  /** The demo shops' index and admin address (manifest, request log, price changes), when seeded. */
  readonly demoShopsUrl: string;
  readonly grpcPort: (service: string) => number;
  readonly opsPort: (service: string) => number;
  output(): string;
  /** A staff user with every panel's role, for the test's staff calls ('' when the test's own bootstrap admin could not sign in). */
  readonly staffUserId: string;
  /** Pids of the launcher's children (the eight services, the site and the admin app). */
  childPids(): number[];
  /** The pid of one service's process. */
  servicePid(service: string): number;
  /** Ctrl-C, as a terminal sends it; resolves with the launcher's exit code. */
  interrupt(): Promise<number | null>;
}

/**
 * Starts `npm start`'s launcher on its own ports and data dir (the build is already done). A data
 * dir it makes itself is removed once the launcher has exited: each run left ~24 MB in /tmp.
 */
export async function startPlatform(
  portOffset: number,
  options: { cluster?: boolean; seedArgs?: string; env?: Readonly<Record<string, string>> } = {},
  givenDataDir?: string,
): Promise<RunningPlatform> {
  const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), 'pc-e2e-'));
  // Below 32768: Linux hands out 32768–60999 as the local ports of outgoing connections, and a
  // Kafka or Mongo client of a running test once held the port a service was about to listen on.
  const grpcBase = 22051 + portOffset * 20;
  const opsBase = 9301 + portOffset * 20;
  const webPort = 3301 + portOffset;
  const adminPort = 3351 + portOffset;
  const demoShopsPort = 8800 + portOffset;
  const child = spawn(
    process.execPath,
    [join(root, 'scripts', 'start.mjs'), ...(options.cluster ? ['--cluster'] : [])],
    {
      cwd: root,
      env: {
        ...process.env,
        SKIP_BUILD: '1',
        DATA_DIR: dataDir,
        GRPC_PORT_BASE: String(grpcBase),
        OPS_PORT_BASE: String(opsBase),
        WEB_PORT: String(webPort),
        ADMIN_PORT: String(adminPort),
        DEMO_SHOPS_PORT: String(demoShopsPort),
        START_QUIET: '1',
        // No demo data unless asked: most e2e tests want a known, empty platform.
        ...(options.seedArgs ? { SEED: '1', SEED_ARGS: options.seedArgs } : { SEED: '0' }),
        // The staff user the test drives staff calls for (accounts makes it while no admin exists).
        ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL: DRIVER.email,
        ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD: DRIVER.password,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  if (!givenDataDir) void exited.then(() => removeAfterExit(dataDir));

  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (/The platform \(\w+ profile\) is up/.test(output)) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`the launcher exited (${code}) before the platform was up:\n${output}`));
    });
  });

  // The test drives the services as `ops` (an operator's tool) with the keys the launcher made;
  // its staff calls name the bootstrap staff user (`staffUserId`), as the admin app names its user.
  loadProcessIdentity('ops', platformIdentityFiles(dataDir, 'ops'));
  const index = (service: string) => SERVICES.indexOf(service);
  const accounts = createServiceClient(AccountsServiceService, `127.0.0.1:${grpcBase + index('accounts')}`, {
    deadlineMs: 20_000,
  });
  const signedIn = await accounts
    .login({
      email: options.env?.ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL ?? DRIVER.email,
      password: options.env?.ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD ?? DRIVER.password,
      rememberMe: false,
      client: undefined,
    })
    .catch(() => null);
  return {
    process: child,
    siteUrl: `http://127.0.0.1:${webPort}`,
    adminUrl: `http://127.0.0.1:${adminPort}/admin`,
    dataDir,
    staffUserId: signedIn?.user?.id ?? '',
    demoShopsUrl: `http://127.0.0.1:${demoShopsPort}`,
    grpcPort: (service) => grpcBase + index(service),
    opsPort: (service) => opsBase + index(service),
    output: () => output,
    childPids: () => children(child.pid!).map((c) => c.pid),
    servicePid: (service) => {
      const found = children(child.pid!).find((c) => c.args.includes(`services/${service}/dist/main.js`));
      if (!found) throw new Error(`no ${service} process`);
      return found.pid;
    },
    interrupt: () => {
      child.kill('SIGINT');
      return exited;
    },
  };
}

/** The staff user (every panel) the drivers act for; a test's own ACCOUNTS_BOOTSTRAP_ADMIN_* replace it. */
const DRIVER = { email: 'e2e-driver@staff.test', password: 'e2e-driver-secret' };

/** The identity files `npm start` wrote for `principal` into the platform's DATA_DIR. */
export const platformIdentityFiles = (dataDir: string, principal: string) => ({
  IDENTITY_KEY_FILE: join(dataDir, 'identity', `${principal}.jwk`),
  IDENTITY_TRUST_FILE: join(dataDir, 'identity', 'trust.jwks'),
});

/**
 * Best effort: when the launcher was killed outright its children may still write here for a
 * moment (ENOTEMPTY), and an error thrown from this detached clean-up failed whichever test was
 * running. The test that kills the launcher removes the directory once they are gone.
 */
function removeAfterExit(dataDir: string): void {
  try {
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  } catch {
    // left for that test (or the OS's temp clean-up)
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function children(parentPid: number): { pid: number; args: string }[] {
  return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(parentPid)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
    .flatMap((match) => (match ? [{ pid: Number(match[1]), args: match[2] ?? '' }] : []));
}
