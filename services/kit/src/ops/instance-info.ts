import { existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';

/** What one running instance says of itself on its ops server (`/healthz`): the panel counts and lists replicas by it. */
export interface InstanceInfo {
  readonly service: string;
  /** The service package's version (its package.json), '' when it cannot be read. */
  readonly version: string;
  /** The git commit it was built from (GIT_COMMIT, set by the image build), '' when unknown. */
  readonly commit: string;
  /** This replica: the pod's name (HOSTNAME) or the host's, with the process id. */
  readonly instance: string;
  readonly startedAt: string;
}

/** The version of the package whose code runs (the nearest package.json above the main script). */
function packageVersion(main: string | undefined): string {
  for (let dir = main ? dirname(main) : ''; dir && dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    try {
      const version = (JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version;
      return typeof version === 'string' ? version : '';
    } catch {
      return '';
    }
  }
  return '';
}

/** This process's InstanceInfo, read once at start; `main` is the script that runs (`dist/main.js` of the service). */
export function instanceInfo(
  service: string,
  env: NodeJS.ProcessEnv = process.env,
  main: string | undefined = process.argv[1],
): InstanceInfo {
  return {
    service,
    version: packageVersion(main),
    commit: (env.GIT_COMMIT ?? '').trim(),
    instance: `${env.HOSTNAME || hostname()}/${process.pid}`,
    startedAt: new Date().toISOString(),
  };
}
