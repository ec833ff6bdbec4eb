import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readServiceList, SERVICES } from './service-list.cjs';
import {
  checkChartValues,
  checkFolders,
  checkPackages,
  findCopiesOfTheList,
  syncChartValues,
  syncDockerfile,
  syncReferences,
  syncServiceListPlaces,
  syncWorkspaces,
} from './service-list-places.cjs';

const root = join(__dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const entries = readServiceList();
const withNew = [...entries, { name: 'pricing', group: 'core' }];
const context = (list: { name: string; group: string }[]) => ({
  root,
  entries: list,
  names: list.map((entry) => entry.name),
  workspaces: JSON.parse(read('package.json')).workspaces as string[],
  file: 'test',
});

describe('the one list of services (services/services.json)', () => {
  it('is what every other place of the repository says', () => {
    expect(syncServiceListPlaces(root)).toEqual([]);
  });

  it('gives a new service its image stage and its chart block (which gives it the alert rules the chart renders)', () => {
    const dockerfile = syncDockerfile(read('deploy/Dockerfile'), context(withNew));
    expect(dockerfile).toContain('FROM runtime AS final-pricing\nCMD ["services/pricing/dist/main.js"]');
    expect(dockerfile.match(/^FROM runtime AS final-/gm)).toHaveLength(withNew.length + 2); // and the site's and the admin app's

    const values = syncChartValues(read('charts/pricecompare/values.yaml'), context(withNew));
    expect(values).toMatch(/\n {2}pricing:\n {4}kind: grpc\n {4}group: core\n {2}web:\n/);
    expect(values).toContain(`calls: [${[...SERVICES, 'pricing'].join(', ')}]`);
    expect(checkChartValues(values, context(withNew))).toEqual([]);
  });

  it('keeps the library packages as packages: workspaces and references, manifests copied, no image of their own', () => {
    const manifest = JSON.parse(read('package.json')) as { workspaces: string[] };
    const packages = manifest.workspaces.filter((path) => /^services\/(lib|engines)\//.test(path));
    expect(packages).toEqual(
      expect.arrayContaining([
        'services/lib/text-analysis',
        'services/engines/sqlite-document-store',
        'services/engines/profile',
      ]),
    );

    const workspaces = (JSON.parse(syncWorkspaces(read('package.json'), context(withNew))) as { workspaces: string[] })
      .workspaces;
    expect(workspaces.filter((path) => packages.includes(path))).toEqual(packages);
    expect(workspaces.indexOf('services/pricing')).toBe(
      workspaces.indexOf(`services/${SERVICES[SERVICES.length - 1]}`) + 1,
    );
    const references = (
      JSON.parse(syncReferences(read('tsconfig.json'), context(withNew))) as { references: { path: string }[] }
    ).references.map((reference) => reference.path);
    expect(references).toEqual(expect.arrayContaining([...packages, 'services/pricing']));

    const dockerfile = syncDockerfile(read('deploy/Dockerfile'), context(withNew));
    for (const path of packages) {
      expect(dockerfile).toContain(`COPY ${path}/package.json ${path}/`);
      expect(dockerfile).not.toContain(`final-${path.split('/').pop()}\n`);
    }
    expect(checkPackages(root)).toEqual([]);
  });

  it('finds a library package that is no project reference, or that has a main of its own', () => {
    const repo = mkdtempSync(join(tmpdir(), 'pc-service-list-'));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(dirname(join(repo, file)), { recursive: true });
        writeFileSync(join(repo, file), text);
      };
      write(
        'package.json',
        JSON.stringify({ workspaces: ['services/kit', 'services/lib/pricing-rules', 'services/engines/queue'] }),
      );
      write(
        'tsconfig.json',
        JSON.stringify({ references: [{ path: 'services/kit' }, { path: 'services/lib/pricing-rules' }] }),
      );
      write('services/lib/pricing-rules/src/main.ts', '');
      expect(checkPackages(repo)).toEqual([
        'services/lib/pricing-rules has a src/main.ts: a library package is no deployable (a service lives in services/<name> and the list)',
        'services/engines/queue is a workspace but no project reference of tsconfig.json',
      ]);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it("finds a service whose app is not returned through serviceApp (its background work would sign as the test's caller)", () => {
    const repo = mkdtempSync(join(tmpdir(), 'pc-service-list-'));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(dirname(join(repo, file)), { recursive: true });
        writeFileSync(join(repo, file), text);
      };
      write('package.json', JSON.stringify({ workspaces: ['services/kit', 'services/pricing', 'services/ledger'] }));
      for (const name of ['pricing', 'ledger']) {
        write(`services/${name}/package.json`, JSON.stringify({ name: `@pc/${name}` }));
        write(`services/${name}/src/main.ts`, '');
        mkdirSync(join(repo, 'proto', name), { recursive: true });
      }
      write(
        'services/pricing/src/app.ts',
        'export const build = async () => {\n  return serviceApp({ services: [] });\n};\n',
      );
      write('services/ledger/src/app.ts', 'export const build = async () => {\n  return { services: [] };\n};\n');
      expect(checkFolders(repo, ['pricing', 'ledger'])).toEqual([
        'services/ledger/src/app.ts must return its app through serviceApp (@pc/kit/service/service-app)',
      ]);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it('finds a place that still names a service the list no longer has', () => {
    const shorter = entries.filter((entry) => entry.name !== 'billing');
    expect(checkChartValues(read('charts/pricecompare/values.yaml'), context(shorter))).toEqual([
      'component "billing" is not in services/services.json: remove its block or list it',
    ]);
    expect(syncChartValues(read('charts/pricecompare/values.yaml'), context(shorter))).toContain(
      `calls: [${SERVICES.filter((name) => name !== 'billing').join(', ')}]`,
    );
    expect(syncDockerfile(read('deploy/Dockerfile'), context(shorter))).not.toContain('final-billing');
  });

  it('finds a chart group that differs from the list', () => {
    const regrouped = entries.map((entry) => (entry.name === 'crawler' ? { ...entry, group: 'core' } : entry));
    expect(checkChartValues(read('charts/pricecompare/values.yaml'), context(regrouped))).toEqual([
      'component "crawler" has group crawl, the list says core',
    ]);
  });

  it("finds a copy of the list written into another file, and a default port that is not the peer's", () => {
    const repo = mkdtempSync(join(tmpdir(), 'pc-service-list-'));
    try {
      execFileSync('git', ['init', '-q'], { cwd: repo });
      writeFileSync(
        join(repo, 'start.sh'),
        `for s in ${SERVICES.join(' ')}; do echo $s; done\nfor s in ${SERVICES.slice(1).join(' ')}; do :; done\n`,
      );
      writeFileSync(
        join(repo, 'config.ts'),
        "CATALOG_GRPC_ADDR: grpcAddress.default('127.0.0.1:50051'),\nOFFERS_GRPC_ADDR: grpcAddress.default('127.0.0.1:50053'),\n",
      );
      execFileSync('git', ['add', 'start.sh', 'config.ts'], { cwd: repo });
      expect(findCopiesOfTheList(repo, SERVICES).sort()).toEqual([
        'config.ts:2 defaults OFFERS_GRPC_ADDR to port 50053; its place in the list gives 50052',
        'start.sh:1 repeats the list of services: read services/services.json instead',
      ]);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it('refuses a list with a duplicate or a name that is no service', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pc-service-list-'));
    try {
      const write = (services: unknown) => writeFileSync(join(dir, 'services.json'), JSON.stringify({ services }));
      write([...entries, entries[0]]);
      expect(() => readServiceList(join(dir, 'services.json'))).toThrow(/catalog is listed twice/);
      write([{ name: 'web', group: 'edge' }]);
      expect(() => readServiceList(join(dir, 'services.json'))).toThrow(/"web" is not a service name/);
      write([{ name: 'lib', group: 'core' }]);
      expect(() => readServiceList(join(dir, 'services.json'))).toThrow(/"lib" is not a service name/);
      write([{ name: 'Pricing', group: 'core' }]);
      expect(() => readServiceList(join(dir, 'services.json'))).toThrow(/lower-case/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
