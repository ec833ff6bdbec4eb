// `npm run backup` of running services, then `npm run restore`: the services answer the backed-up
// data again; a backup that does not match its manifest, or a running platform, changes nothing.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { createServiceClient } from '@pc/kit/grpc/client';
import { AccountsServiceService, RegisterRequest } from '@pc/proto/accounts/v1/accounts';
import { CatalogServiceService, MatchProductRequest } from '@pc/proto/catalog/v1/catalog';
import { OffersServiceService, RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import { freePorts, STAFF, startLocalServices, type LocalServices } from './test-support/local-services';

jest.setTimeout(180_000);

const run = promisify(execFile);
const repoRoot = join(__dirname, '..', '..');

interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

describe('npm run backup / npm run restore (local profile)', () => {
  let work: string;
  let dataDir: string;
  let services: LocalServices | undefined;
  let cliEnv: NodeJS.ProcessEnv;

  /** Runs scripts/ops/<script>.mjs as `npm run` does, without blocking the services in this process. */
  async function cli(script: 'backup' | 'restore', ...args: string[]): Promise<CliResult> {
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        [join(repoRoot, 'scripts', 'ops', `${script}.mjs`), ...args],
        {
          cwd: repoRoot,
          env: cliEnv,
        },
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  const clients = (running: LocalServices) => ({
    accounts: createServiceClient(AccountsServiceService, running.addresses.accounts),
    catalog: createServiceClient(CatalogServiceService, running.addresses.catalog),
    offers: createServiceClient(OffersServiceService, running.addresses.offers),
  });

  /** Everything beside and in the data dir, so a refused restore can be shown to change nothing. */
  const listing = () => ({
    siblings: readdirSync(work).sort(),
    files: readdirSync(dataDir, { recursive: true }).map(String).sort(),
  });

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'pc-backup-'));
    dataDir = join(work, 'data');
    // Ports nothing listens on: the restore's port check must see only what this test runs.
    const [grpcBase, webPort] = await freePorts(2);
    cliEnv = { ...process.env, DATA_DIR: dataDir, GRPC_PORT_BASE: String(grpcBase), WEB_PORT: String(webPort) };
  });
  afterAll(async () => {
    await services?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('restores a user, a shop and a product backed up while the services ran', async () => {
    services = await startLocalServices(dataDir);
    let api = clients(services);
    const { user } = await api.accounts.register(
      RegisterRequest.fromPartial({
        name: 'Backed Up',
        email: 'kept@backup.test',
        password: 'correct-horse-1',
        passwordConfirmation: 'correct-horse-1',
        termsAccepted: true,
        language: 'en',
      }),
    );
    const { user: staff } = await api.accounts.login({
      email: STAFF.email,
      password: STAFF.password,
      rememberMe: false,
      client: undefined,
    });
    const { shop } = await api.offers.registerShop(
      RegisterShopRequest.fromPartial({
        actorUserId: staff!.id,
        name: 'Backup Elektronik',
        homepageUrl: 'https://backup-elektronik.example',
        company: 'Backup Elektronik AG',
        address: { line1: 'Hauptstrasse 1', zipCode: '8005', city: 'Zürich', country: 'CH' },
        email: 'info@backup-elektronik.example',
        countries: ['CH'],
        termsAccepted: true,
        directoryListing: true,
      }),
    );
    const { productId } = await api.catalog.matchProduct(
      MatchProductRequest.fromPartial({
        shopId: shop!.id,
        shopOfferId: 'sku-1',
        title: 'Garmin Forerunner 265 running watch',
        brand: 'Garmin',
        categoryPath: 'Sports > Watches',
        language: 'en',
        createIfMissing: true,
      }),
    );

    const backupDir = join(work, 'backup');
    const backup = await cli('backup', '--to', backupDir);
    expect(backup).toMatchObject({ code: 0, stdout: expect.stringContaining('backup of') });
    const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8'));
    const paths = manifest.files.map((file: { path: string }) => file.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'accounts/documents.sqlite',
        'catalog/documents.sqlite',
        'offers/documents.sqlite',
        'events/log.sqlite',
      ]),
    );
    expect(paths.some((path: string) => path.endsWith('-wal') || path.startsWith('logs/'))).toBe(false);

    // A second backup never lands in a folder that holds one.
    expect(await cli('backup', '--to', backupDir)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('is not empty'),
    });

    // Restore refuses while the services run on the data dir (their event-log memberships).
    const before = listing();
    const refused = await cli('restore', '--from', backupDir);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('the platform looks running') });
    expect(listing()).toEqual(before);

    // A change after the backup: a user the restore must take back.
    const { user: later } = await api.accounts.register(
      RegisterRequest.fromPartial({
        name: 'After Backup',
        email: 'later@backup.test',
        password: 'correct-horse-2',
        passwordConfirmation: 'correct-horse-2',
        termsAccepted: true,
        language: 'en',
      }),
    );
    await services.stop();
    services = undefined;

    // A backup whose database differs from its manifest (same size, one byte changed) is refused.
    const tampered = join(work, 'tampered');
    cpSync(backupDir, tampered, { recursive: true });
    const offersCopy = join(tampered, 'data', 'offers', 'documents.sqlite');
    const bytes = readFileSync(offersCopy);
    const last = bytes.length - 1;
    bytes.writeUInt8(bytes.readUInt8(last) ^ 0xff, last);
    writeFileSync(offersCopy, bytes);
    const unchanged = listing();
    const badRestore = await cli('restore', '--from', tampered);
    expect(badRestore).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('does not match its manifest; nothing was changed'),
    });
    expect(badRestore.stderr).toContain('offers/documents.sqlite: SHA-256 differs');
    expect(listing()).toEqual(unchanged);

    expect(await cli('restore', '--from', backupDir, '--verify')).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('is complete and intact'),
    });
    expect(listing()).toEqual(unchanged);

    const restored = await cli('restore', '--from', backupDir);
    expect(restored).toMatchObject({ code: 0, stdout: expect.stringContaining('Rebuild every index') });
    const aside = readdirSync(work).find((name) => name.startsWith(`${basename(dataDir)}.before-restore-`));
    expect(aside && existsSync(join(dirname(dataDir), aside, 'accounts', 'documents.sqlite'))).toBe(true);

    services = await startLocalServices(dataDir);
    api = clients(services);
    expect((await api.accounts.getUser({ userId: user!.id })).user).toMatchObject({ id: user!.id, name: 'Backed Up' });
    await expect(api.accounts.getUser({ userId: later!.id })).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
    expect((await api.offers.getShop({ shopId: shop!.id, actorUserId: staff!.id })).shop).toMatchObject({
      name: 'Backup Elektronik',
    });
    expect((await api.catalog.getProduct({ productId, language: 'en' })).product).toMatchObject({
      id: productId,
      name: 'Garmin Forerunner 265 running watch',
    });
  });

  it('refuses a folder without a manifest and a missing --from', async () => {
    const empty = mkdtempSync(join(work, 'no-manifest-'));
    expect(await cli('restore', '--from', empty)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('has no manifest.json'),
    });
    expect(await cli('restore')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--from <folder> is required'),
    });
  });
});
