// Every place outside services/services.json that names the services, kept in step with the list.
// Places that cannot read the JSON themselves (the workspaces, the TypeScript project references,
// the Dockerfile, the chart's component blocks) are rewritten from it by
// `npm run services:sync`; `checkServiceListPlaces` reports any place that disagrees, and the
// jest test scripts/platform/service-list.test.ts fails on it. Readers of the list at run time:
// scripts/platform/service-list.cjs (launcher, e2e tests, benchmarks), the Tiltfile (read_json),
// web/app/config.server.ts (addresses and the status page). The alert rules follow the chart's
// components: the chart renders them, and scripts/deploy/render-rules.sh writes the plain file.
const { execFileSync } = require('node:child_process');
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { readServiceList } = require('./service-list.cjs');

const SYNC_COMMAND = 'npm run services:sync';
const BEGIN = (what) => `# --- ${what}: generated from services/services.json by \`${SYNC_COMMAND}\` ---`;
const END = '# --- end of generated lines ---';

/**
 * Library packages: workspaces the services build with (`services/lib/<name>`,
 * `services/engines/<name>`), no deployables. They are not in the list; sync keeps their
 * workspace and reference entries where they stand, and they get no image stage.
 */
const PACKAGE_FOLDER = /^services\/(lib|engines)\/[^/]+$/;

/** Whether `services/<name>` is a service's folder (a listed name, or a folder with a main). */
function isServiceFolder(root, names, path) {
  const match = /^services\/([^/]+)$/.exec(path);
  if (!match || match[1] === 'kit') return false;
  return names.includes(match[1]) || existsSync(join(root, path, 'src', 'main.ts'));
}

/** Replaces the service entries of a list of paths with the listed ones, where the first stood. */
function withServicePaths(root, names, paths) {
  const first = paths.findIndex((path) => isServiceFolder(root, names, path));
  const others = paths.filter((path) => !isServiceFolder(root, names, path));
  const at =
    first === -1 ? others.length : paths.slice(0, first).filter((path) => !isServiceFolder(root, names, path)).length;
  return [...others.slice(0, at), ...names.map((name) => `services/${name}`), ...others.slice(at)];
}

function syncWorkspaces(text, { root, names }) {
  const manifest = JSON.parse(text);
  manifest.workspaces = withServicePaths(root, names, manifest.workspaces);
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

function syncReferences(text, { root, names }) {
  const tsconfig = JSON.parse(text);
  const paths = withServicePaths(
    root,
    names,
    tsconfig.references.map((reference) => reference.path),
  );
  tsconfig.references = paths.map((path) => ({ path }));
  return `${JSON.stringify(tsconfig, null, 2)}\n`;
}

/** Replaces the lines between a block's markers (which must exist once each). */
function replaceBlock(text, what, lines, file) {
  const begin = BEGIN(what);
  const start = text.indexOf(begin);
  const end = start === -1 ? -1 : text.indexOf(END, start);
  if (start === -1 || end === -1)
    throw new Error(`${file}: the markers of the generated "${what}" block are missing ("${begin}" … "${END}")`);
  return `${text.slice(0, start)}${[begin, ...lines, ''].join('\n')}${text.slice(end)}`;
}

function syncDockerfile(text, { names, workspaces, file }) {
  const manifests = workspaces.map((path) => `COPY ${path}/package.json ${path}/`);
  const stages = names.flatMap((name) => [
    `FROM runtime AS final-${name}`,
    `CMD ["services/${name}/dist/main.js"]`,
    '',
  ]);
  return replaceBlock(
    replaceBlock(text, 'workspace manifests', manifests, file),
    'final stages of the services',
    stages.slice(0, -1),
    file,
  );
}

/** The top-level keys of `components:` in the chart's values, with their `group:`. */
function chartComponents(text) {
  const lines = text.split('\n');
  const start = lines.indexOf('components:');
  if (start === -1) throw new Error('charts/pricecompare/values.yaml: no top-level "components:"');
  const components = [];
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i];
    if (/^\S/.test(line)) break;
    const key = /^ {2}([a-z][a-z0-9-]*):\s*$/.exec(line);
    if (key) components.push({ name: key[1], line: i, group: undefined });
    const group = /^ {4}group:\s*(\S+)\s*$/.exec(line);
    if (group && components.length > 0) components[components.length - 1].group = group[1];
  }
  return { lines, components };
}

/**
 * Adds a minimal block (kind, group) for a listed service the chart lacks, before `web`, and
 * gives the site every service's address (`web.calls`): its status page asks each of them.
 */
function syncChartValues(text, { entries, names }) {
  const called = text.replace(/^( {4}calls:\s*)\[[^\]]*\]/m, (whole, key) => `${key}[${names.join(', ')}]`);
  const { lines, components } = chartComponents(called);
  const missing = entries.filter((entry) => !components.some((component) => component.name === entry.name));
  if (missing.length === 0) return called;
  const web = components.find((component) => component.name === 'web');
  const at = web ? web.line : lines.findIndex((line, i) => i > lines.indexOf('components:') && /^\S/.test(line));
  const blocks = missing.flatMap((entry) => [`  ${entry.name}:`, '    kind: grpc', `    group: ${entry.group}`]);
  lines.splice(at === -1 ? lines.length : at, 0, ...blocks);
  return lines.join('\n');
}

function checkChartValues(text, { entries }) {
  const { components } = chartComponents(text);
  const problems = [];
  for (const component of components) {
    // The frontends are deployables without a service entry: the site and the staff admin app (ADR 042).
    if (component.name === 'web' || component.name === 'admin') continue;
    const entry = entries.find((e) => e.name === component.name);
    if (!entry)
      problems.push(`component "${component.name}" is not in services/services.json: remove its block or list it`);
    else if (component.group !== entry.group)
      problems.push(`component "${component.name}" has group ${component.group}, the list says ${entry.group}`);
  }
  return problems;
}

/** The services' folders: one per listed name, with its main, its package and its proto. */
function checkFolders(root, names) {
  const problems = [];
  for (const name of names) {
    const folder = join(root, 'services', name);
    if (!existsSync(join(folder, 'src', 'main.ts'))) problems.push(`services/${name}/src/main.ts is missing`);
    else if (!/\breturn serviceApp\(/.test(readFileSync(join(folder, 'src', 'app.ts'), 'utf8')))
      // Else what its `start` sets going (consumers, jobs, timers) signs as the test's caller in
      // tests, and the call graph is not checked for it (ADR 068).
      problems.push(`services/${name}/src/app.ts must return its app through serviceApp (@pc/kit/service/service-app)`);
    else if (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).name !== `@pc/${name}`)
      problems.push(`services/${name}/package.json must be named @pc/${name}`);
    if (!existsSync(join(root, 'proto', name))) problems.push(`proto/${name}/ is missing (the service's .proto files)`);
  }
  const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;
  for (const path of workspaces) {
    const match = /^services\/([^/]+)$/.exec(path);
    if (match && match[1] !== 'kit' && !names.includes(match[1]) && existsSync(join(root, path, 'src', 'main.ts'))) {
      problems.push(`services/${match[1]} has a main but is not in services/services.json`);
    }
  }
  return problems;
}

/**
 * The library packages: each a workspace and a project reference, and none a deployable (no
 * `src/main.ts`: a process of its own is a service, `services/<name>`, in the list).
 */
function checkPackages(root) {
  const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;
  const references = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')).references.map(
    (reference) => reference.path,
  );
  const problems = [];
  for (const path of workspaces.filter((workspace) => PACKAGE_FOLDER.test(workspace))) {
    if (!references.includes(path)) problems.push(`${path} is a workspace but no project reference of tsconfig.json`);
    if (existsSync(join(root, path, 'src', 'main.ts')))
      problems.push(
        `${path} has a src/main.ts: a library package is no deployable (a service lives in services/<name> and the list)`,
      );
  }
  for (const path of references.filter((reference) => PACKAGE_FOLDER.test(reference))) {
    if (!workspaces.includes(path)) problems.push(`${path} is a project reference but no workspace of package.json`);
  }
  return problems;
}

/** The Tiltfile and the architecture document: they read or describe the list, never repeat it. */
function checkReaders(root, names) {
  const problems = [];
  const tiltfile = readFileSync(join(root, 'Tiltfile'), 'utf8');
  if (!tiltfile.includes("read_json('services/services.json')"))
    problems.push('Tiltfile: must read the services from services/services.json');
  if (!tiltfile.includes("read_json('package.json')"))
    problems.push('Tiltfile: must read the library packages from the workspaces of package.json');
  const architecture = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
  for (const name of names)
    if (!new RegExp(`^\\| \`?${name}\`? +\\|`, 'm').test(architecture))
      problems.push(`docs/architecture.md: the services table has no row for ${name}`);
  return problems;
}

/** Files that name every service on one line by design: the list and the places generated from it. */
const LISTS_ALLOWED_IN = new Set([
  'services/services.json',
  'deploy/prometheus-rules.yaml',
  'charts/pricecompare/values.yaml',
  'package-lock.json',
]);

/** The default address a peer's `<NAME>_GRPC_ADDR` names must be the port `npm start` gives it. */
const DEFAULT_ADDRESS = /\b([A-Z][A-Z0-9_]*)_GRPC_ADDR\b.*?127\.0\.0\.1:(\d{4,5})/;
const FIRST_GRPC_PORT = 50051;

function checkDefaultAddress(line, names) {
  const match = DEFAULT_ADDRESS.exec(line);
  if (!match) return null;
  const index = names.findIndex((name) => name.toUpperCase().replace(/-/g, '_') === match[1]);
  if (index === -1) return `names ${match[1]}_GRPC_ADDR, a service the list does not have`;
  const port = FIRST_GRPC_PORT + index;
  return Number(match[2]) === port
    ? null
    : `defaults ${match[1]}_GRPC_ADDR to port ${match[2]}; its place in the list gives ${port}`;
}

/**
 * A line that names every listed service is a copy of the list; it should read the list instead.
 * A default peer address must match the port of the peer's place in the list.
 */
function findCopiesOfTheList(root, names) {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  const patterns = names.map((name) => new RegExp(`(^|[^a-z0-9-])${name}($|[^a-z0-9-])`));
  const problems = [];
  for (const file of files) {
    if (LISTS_ALLOWED_IN.has(file) || !existsSync(join(root, file))) continue;
    const text = readFileSync(join(root, file));
    if (text.includes(0)) continue; // binary
    text
      .toString('utf8')
      .split('\n')
      .forEach((line, i) => {
        if (patterns.every((pattern) => pattern.test(line)))
          problems.push(`${file}:${i + 1} repeats the list of services: read services/services.json instead`);
        const address =
          /\.(ts|mjs|cjs)$/.test(file) && !/\.test\.ts$/.test(file) ? checkDefaultAddress(line, names) : null;
        if (address) problems.push(`${file}:${i + 1} ${address}`);
      });
  }
  return problems;
}

const PLACES = [
  { file: 'package.json', sync: syncWorkspaces },
  { file: 'tsconfig.json', sync: syncReferences },
  { file: 'deploy/Dockerfile', sync: syncDockerfile },
  { file: 'charts/pricecompare/values.yaml', sync: syncChartValues, check: checkChartValues },
];

/**
 * Brings every generated place in line with the list (`write`), or only reports what differs.
 * Returns the problems: places out of date (when not writing) and disagreements sync cannot fix.
 */
function syncServiceListPlaces(root, { write = false, listPath = join(root, 'services', 'services.json') } = {}) {
  const entries = readServiceList(listPath);
  const names = entries.map((entry) => entry.name);
  const problems = [];
  // The workspaces first: the Dockerfile's manifests follow them.
  for (const place of PLACES) {
    const path = join(root, place.file);
    const current = readFileSync(path, 'utf8');
    const workspaces = JSON.parse(
      place.file === 'package.json' ? current : readFileSync(join(root, 'package.json'), 'utf8'),
    ).workspaces;
    const context = { root, entries, names, workspaces, file: place.file };
    let synced;
    try {
      synced = place.sync(current, context);
    } catch (error) {
      problems.push(error.message);
      continue;
    }
    if (synced !== current) {
      if (write) writeFileSync(path, synced);
      else problems.push(`${place.file} disagrees with services/services.json: run \`${SYNC_COMMAND}\``);
    }
    if (place.check)
      problems.push(...place.check(write ? synced : current, context).map((problem) => `${place.file}: ${problem}`));
  }
  problems.push(
    ...checkFolders(root, names),
    ...checkPackages(root),
    ...checkReaders(root, names),
    ...findCopiesOfTheList(root, names),
  );
  return problems;
}

module.exports = {
  syncServiceListPlaces,
  syncWorkspaces,
  syncReferences,
  syncDockerfile,
  syncChartValues,
  checkChartValues,
  checkPackages,
  checkFolders,
  findCopiesOfTheList,
  SYNC_COMMAND,
};

if (require.main === module) {
  const root = join(__dirname, '..', '..');
  const check = process.argv.includes('--check');
  const problems = syncServiceListPlaces(root, { write: !check });
  for (const problem of problems) console.error(`services list: ${problem}`);
  if (problems.length === 0)
    console.log(
      check
        ? 'services list: every place agrees with services/services.json'
        : 'services list: every generated place is up to date',
    );
  process.exit(problems.length === 0 ? 0 : 1);
}
