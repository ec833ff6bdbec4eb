import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (scripts/browser/ensure-chromium.sh installs it); never a downloaded browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/** A browser with a fresh profile (its own --user-data-dir), removed on close. */
export async function launchBrowser(
  options: {
    viewport?: { width: number; height: number };
    isMobile?: boolean;
    javaScriptEnabled?: boolean;
    args?: readonly string[];
  } = {},
): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run scripts/browser/ensure-chromium.sh`);
  const profile = mkdtempSync(join(tmpdir(), 'pc-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, ...(options.args ?? [])],
    headless: true,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    isMobile: options.isMobile ?? false,
    hasTouch: options.isMobile ?? false,
    locale: 'en-GB',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Console errors and uncaught exceptions of a page (hydration errors included), collected. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}
