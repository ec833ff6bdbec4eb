import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SITE_V8_FLAGS } = require('../cluster/v8-flags.cjs') as { SITE_V8_FLAGS: string[] };

/**
 * The site's container image (deploy/Dockerfile) copies the site's files one by one: a module the
 * entry reaches but the image leaves out fails the container at start, which no other test sees
 * (the image is built only where Docker runs).
 */
const root = resolve(__dirname, '..', '..');
const web = join(root, 'web');

/** The paths the web stage copies (`cp -R … /out/web/`), globs expanded, relative to web/. */
function copiedIntoTheImage(): string[] {
  const dockerfile = readFileSync(join(root, 'deploy', 'Dockerfile'), 'utf8');
  const copy = dockerfile.match(/cp -R ((?:web\/\S+ )+)\/out\/web\//);
  if (!copy) throw new Error('deploy/Dockerfile: no `cp -R web/… /out/web/` line');
  return (copy[1] ?? '')
    .trim()
    .split(/\s+/)
    .flatMap((path) => {
      const star = path.match(/^web\/\*(\.\w+)$/);
      const extension = star?.[1];
      if (!extension) return [relative(web, join(root, path))];
      return readdirSync(web).filter((name) => name.endsWith(extension) && statSync(join(web, name)).isFile());
    });
}

/** Every file of web/ that `entry` reaches through relative imports, requires and `new URL` paths. */
function reachedFrom(entry: string): Set<string> {
  const reached = new Set<string>();
  const pending = [join(web, entry)];
  while (pending.length > 0) {
    const file = pending.pop()!;
    const name = relative(web, file);
    if (reached.has(name)) continue;
    reached.add(name);
    // The server build is copied whole (web/build) and not walked.
    if (name.startsWith('build/') || !/\.(mjs|cjs)$/.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    const specifiers = text.matchAll(/(?:from |import\(|require\(|new URL\()\s*'(\.{1,2}\/[^']+)'/g);
    for (const [, specifier = ''] of specifiers) {
      const target = resolve(dirname(file), specifier);
      if (existsSync(target)) pending.push(target);
      else throw new Error(`${name} imports ${specifier}, which does not exist`);
    }
  }
  return reached;
}

describe('the site image', () => {
  it('copies every file the site entry reaches', () => {
    const copied = copiedIntoTheImage();
    const covered = (file: string) => copied.some((path) => file === path || file.startsWith(`${path}/`));
    const missing = [...reachedFrom('server.mjs')].filter((file) => !covered(file));
    expect(missing).toEqual([]);
  });

  it("starts the site with the site's V8 flags, in the image and from the package", () => {
    const dockerfile = readFileSync(join(root, 'deploy', 'Dockerfile'), 'utf8');
    const stage = dockerfile.slice(dockerfile.indexOf('AS final-web'));
    const cmd = JSON.parse(stage.match(/^CMD (\[.*\])$/m)?.[1] ?? '[]') as string[];
    expect(cmd).toEqual([...SITE_V8_FLAGS, 'server.mjs']);
    const { scripts } = JSON.parse(readFileSync(join(web, 'package.json'), 'utf8')) as { scripts: { start: string } };
    expect(scripts.start).toBe(`node ${SITE_V8_FLAGS.join(' ')} server.mjs`);
  });
});
