import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { KnownBrowserRepository } from './store/known-browser-repository.js';
import { AccountsHarness, eventually } from './test-support/accounts-harness.js';

/**
 * A sign-in from a browser the account was never signed in from mails its owner (ADR 151): the
 * browser by name, when, from which address, and a link to where they are signed in. Their
 * first sign-in and every later one from a known browser mail nothing; the mail is in the user's
 * language; deleting the account forgets their browsers.
 */

const LAPTOP = { ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36' };
const PHONE = {
  ip: '198.51.100.4',
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Safari/604.1',
};

describe('the mail of a sign-in from a new browser', () => {
  let h: AccountsHarness;
  let documents: DocumentStore | undefined;
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'accounts-notice-'));
    h = await AccountsHarness.start({
      name: 'embedded',
      open: async () => {
        documents = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
        return { documents, close: async () => documents?.close() };
      },
    });
  });
  afterAll(async () => {
    await h.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const signIn = (email: string, client: typeof LAPTOP) =>
    h.client.login({ email, password: 'secret-pass', rememberMe: false, client });
  const notices = (email: string) => h.mail.all().filter((mail) => mail.to === email && mail.kind === 'new-sign-in');

  it('tells of a new browser only: not the first sign-in, not a known browser again', async () => {
    const email = 'notice.en@example.test';
    await h.register({ email });
    await signIn(email, LAPTOP);
    await signIn(email, LAPTOP);
    await signIn(email, PHONE);
    const mail = await eventually(() => notices(email)[0]);
    expect(mail.subject).toBe('New sign-in to your account');
    expect(mail.text).toMatch(
      /Your account was signed in from Safari on iOS on \w+ \d{1,2}, \d{4} at \d\d:\d\d UTC \(IP address 198\.51\.100\.4\), a browser it had not been signed in from before\./,
    );
    expect(mail.text).toContain('sign that browser out on your account page and change your password');
    expect(mail.text).toContain('See where you are signed in: https://site.test/account#sessions');
    // The phone is known now; the laptop was from the start.
    await signIn(email, PHONE);
    await signIn(email, LAPTOP);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(notices(email)).toHaveLength(1);
  });

  it('writes in the user’s language, and names what it knows of a browser with an odd header', async () => {
    const email = 'notice.de@example.test';
    await h.register({ email, language: 'de' });
    await signIn(email, LAPTOP);
    await signIn(email, { ip: '', userAgent: 'curl/8.5.0' });
    const mail = await eventually(() => notices(email)[0]);
    expect(mail.subject).toBe('Neue Anmeldung bei Ihrem Konto');
    expect(mail.text).toMatch(
      /Ihr Konto wurde am \d{1,2}\. \S+ \d{4} um \d\d:\d\d UTC mit einem unbekannten Browser angemeldet – mit diesem Browser/,
    );
    expect(mail.text).not.toContain('IP-Adresse');
  });

  it('forgets the browsers of a deleted account', async () => {
    const email = 'notice.deleted@example.test';
    const id = (await h.register({ email })).user?.id ?? '';
    await signIn(email, LAPTOP);
    if (!documents) throw new Error('the test needs the service’s document store');
    const browsers = await KnownBrowserRepository.open(documents);
    expect(await browsers.signedIn(id, LAPTOP.userAgent, new Date())).toBe('known');
    await h.client.deleteAccount({ actorUserId: id, userId: '', password: 'secret-pass', confirm: true });
    expect(await browsers.signedIn(id, LAPTOP.userAgent, new Date())).toBe('first');
  });
});
