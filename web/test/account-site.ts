import { MailBox } from '@pc/kit/testing/outbox-mail';
import { BrowserSession } from './browser-session';
import { OpenApiContract } from './openapi-contract';
import { seedCatalogue, type Catalogue } from './platform-fixture';
import { startPlatform, type Platform } from './platform-harness';

/** A registration body with valid defaults. */
export const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Anna Muster',
  email,
  password: 'secret-pass',
  password_confirmation: 'secret-pass',
  terms: true,
  ...extra,
});

/**
 * The site's API with the platform behind it, as the account tests use it: Remix's request
 * handler over the API routes, the services from their app.ts, a seeded catalogue, the mail
 * outbox, and browsers that keep cookies and check every answer against docs/api/openapi.yaml.
 */
export interface AccountSite {
  readonly platform: Platform;
  readonly handle: (request: Request) => Promise<Response>;
  readonly catalogue: Catalogue;
  readonly mail: MailBox;
  readonly contract: OpenApiContract;
  /** A new browser (no cookies yet). */
  browser(): BrowserSession;
  /** A browser that fetched its CSRF cookie, registered and logged in (registration does not sign in). */
  signedIn(email: string): Promise<BrowserSession>;
}

export async function startAccountSite(): Promise<AccountSite> {
  const platform = await startPlatform();
  // Route modules read the services' addresses from process.env, which startPlatform has set by now.
  const { createApiRequestHandler } = await import('./api-request-handler');
  const handle = createApiRequestHandler();
  const contract = new OpenApiContract();
  const browser = () => new BrowserSession(handle, contract);
  return {
    platform,
    handle,
    catalogue: await seedCatalogue(platform),
    mail: new MailBox(platform.dataDir),
    contract,
    browser,
    async signedIn(email) {
      const session = browser();
      await session.call('get', '/auth/csrf-cookie', '/auth/csrf-cookie');
      expect(
        (await session.call('post', '/auth/register', '/auth/register', { body: registration(email) })).status,
      ).toBe(202);
      expect(
        (await session.call('post', '/auth/login', '/auth/login', { body: { email, password: 'secret-pass' } })).status,
      ).toBe(200);
      return session;
    },
  };
}
