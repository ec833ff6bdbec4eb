import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { startPlatform, type RunningPlatform } from '../../../../scripts/e2e/platform-process';
import { launchBrowser, watchErrors, type Browser } from '../../../e2e/support/browser';
import { screenshot } from '../../../e2e/support/site';

const root = join(__dirname, '..', '..', '..', '..');

/** Staff made with `npm run admin:create` (its built form), one per set of roles the tests need. */
export const STAFF = {
  root: {
    email: 'root@staff.test',
    password: 'root-secret',
    panels: 'shopping,admin,infrastructure,affiliates,crawler',
  },
  crawler: { email: 'crawl@staff.test', password: 'crawl-secret', panels: 'crawler' },
  infrastructure: { email: 'infra@staff.test', password: 'infra-secret', panels: 'infrastructure' },
  // A second staff:admin: sign-in counts 5 a minute per address and IP, more than root alone may use here.
  keeper: { email: 'keeper@staff.test', password: 'keeper-secret', panels: 'admin' },
  // A second staff:shopping, for the same reason: root's sign-ins are spent by the other panels' tests.
  shopper: { email: 'shopper@staff.test', password: 'shopper-secret', panels: 'shopping' },
} as const;

export type StaffName = keyof typeof STAFF;

export interface AdminBed {
  readonly platform: RunningPlatform;
  /** `http://127.0.0.1:<ADMIN_PORT>/admin` */
  readonly admin: string;
  readonly browser: Browser;
  /** A new page at an admin path, with its console errors collected. */
  open(path: string, on?: Browser): Promise<{ page: Page; errors: string[] }>;
  /** Signs in to a panel on its own sign-in page (as one of STAFF, or a staff user a test made). */
  signIn(
    page: Page,
    panel: string,
    who: StaffName | { readonly email: string; readonly password: string },
  ): Promise<void>;
  /** `npm run admin:create` against the platform's data dir (stdout). */
  createStaff(email: string, password: string, panels?: string): string;
  shot(page: Page, name: string): Promise<void>;
}

/**
 * What the admin app's browser test shares: one `npm start` (seeded with a small demo world:
 * products, shops, demo shop websites) on its own ports, staff users made with the real
 * `admin:create` command, and one browser.
 */
export function adminBed(portOffset: number, env: Readonly<Record<string, string>>): AdminBed {
  let platform: RunningPlatform | undefined;
  let browser: Browser | undefined;
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not up (beforeAll failed?)`);
    return value;
  };
  const bed: AdminBed = {
    get platform() {
      return need(platform, 'the platform');
    },
    get admin() {
      return need(platform, 'the platform').adminUrl;
    },
    get browser() {
      return need(browser, 'the browser');
    },
    async open(path, on) {
      const page = await (on ?? bed.browser).context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${bed.admin}${path}`, { waitUntil: 'networkidle' });
      return { page, errors };
    },
    async signIn(page, panel, who) {
      const { email, password } = typeof who === 'string' ? STAFF[who] : who;
      // Whoever was signed in to this panel in this browser is signed out first.
      await page.context().clearCookies({ name: `pc_admin_${panel}` });
      await page.goto(`${bed.admin}/${panel}/login`, { waitUntil: 'networkidle' });
      await page.getByLabel('E-mail', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      // The sign-in's answer (a redirect, or 403 without the role), then the page it leads to.
      const answered = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith(`/${panel}/login`),
      );
      await page.getByRole('button', { name: 'Sign in' }).click();
      await answered;
      await page.waitForLoadState('networkidle');
    },
    createStaff(email, password, panels) {
      return execFileSync(
        process.execPath,
        [
          join(root, 'services', 'accounts', 'dist', 'admin', 'create-admin.js'),
          '--email',
          email,
          '--password',
          password,
          ...(panels ? ['--panels', panels] : []),
        ],
        {
          cwd: root,
          env: { ...process.env, DATA_DIR: bed.platform.dataDir },
          encoding: 'utf8',
        },
      );
    },
    shot: (page, name) => screenshot(page, `admin-${name}`),
  };
  beforeAll(async () => {
    platform = await startPlatform(portOffset, {
      seedArgs: '--products 40 --shops 8 --history-days 7 --reviews 2',
      // The staff user the test's own gRPC calls act for is root (no extra staff user in the lists).
      env: {
        ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL: STAFF.root.email,
        ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD: STAFF.root.password,
        ...env,
      },
    });
    for (const staff of Object.values(STAFF)) bed.createStaff(staff.email, staff.password, staff.panels);
    browser = await launchBrowser();
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    closeAllChannels();
    if (platform && platform.process.exitCode === null) await platform.interrupt();
  });
  return bed;
}

/** The text of the page's main landmark, spaces folded. */
export const mainText = async (page: Page): Promise<string> =>
  (await page.locator('main').innerText()).replace(/\s+/g, ' ');
