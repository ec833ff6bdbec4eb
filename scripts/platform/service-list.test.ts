import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readServiceList, SERVICES } from './service-list.cjs';
import { checkChartValues, findCopiesOfTheList, syncChartValues, syncDockerfile, syncPrometheusRules, syncServiceListPlaces } from './service-list-places.cjs';

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

  it('gives a new service its image stage, its alert rules and its chart block', () => {
    const dockerfile = syncDockerfile(read('deploy/Dockerfile'), context(withNew));
    expect(dockerfile).toContain('FROM runtime AS final-pricing\nCMD ["node", "services/pricing/dist/main.js"]');
    expect(dockerfile.match(/^FROM runtime AS final-/gm)).toHaveLength(withNew.length + 1); // and the site's

    const rules = syncPrometheusRules(read('deploy/prometheus-rules.yaml'), context(withNew));
    expect(rules).toContain(`job=~"${[...SERVICES, 'pricing'].join('|')}"`);
    expect(rules).toContain(`deployment=~"${[...SERVICES, 'pricing', 'web'].join('|')}"`);

    const values = syncChartValues(read('charts/pricecompare/values.yaml'), context(withNew));
    expect(values).toMatch(/\n {2}pricing:\n {4}kind: grpc\n {4}group: core\n {2}web:\n/);
    expect(values).toContain(`calls: [${[...SERVICES, 'pricing'].join(', ')}]`);
    expect(checkChartValues(values, context(withNew))).toEqual([]);
  });

  it('finds a place that still names a service the list no longer has', () => {
    const shorter = entries.filter((entry) => entry.name !== 'billing');
    expect(checkChartValues(read('charts/pricecompare/values.yaml'), context(shorter))).toEqual([
      'component "billing" is not in services/services.json: remove its block or list it',
    ]);
    expect(syncChartValues(read('charts/pricecompare/values.yaml'), context(shorter))).toContain(`calls: [${SERVICES.filter((name) => name !== 'billing').join(', ')}]`);
    expect(syncDockerfile(read('deploy/Dockerfile'), context(shorter))).not.toContain('final-billing');
  });

  it('finds a chart group that differs from the list', () => {
    const regrouped = entries.map((entry) => (entry.name === 'crawler' ? { ...entry, group: 'core' } : entry));
    expect(checkChartValues(read('charts/pricecompare/values.yaml'), context(regrouped))).toEqual(['component "crawler" has group crawl, the list says core']);
  });

  it('finds a copy of the list written into another file, and a default port that is not the peer\'s', () => {
    const repo = mkdtempSync(join(tmpdir(), 'pc-service-list-'));
    try {
      execFileSync('git', ['init', '-q'], { cwd: repo });
      writeFileSync(join(repo, 'start.sh'), `for s in ${SERVICES.join(' ')}; do echo $s; done\nfor s in ${SERVICES.slice(1).join(' ')}; do :; done\n`);
      writeFileSync(join(repo, 'config.ts'), "CATALOG_GRPC_ADDR: grpcAddress.default('127.0.0.1:50051'),\nOFFERS_GRPC_ADDR: grpcAddress.default('127.0.0.1:50053'),\n");
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
      write([{ name: 'Pricing', group: 'core' }]);
      expect(() => readServiceList(join(dir, 'services.json'))).toThrow(/lower-case/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
