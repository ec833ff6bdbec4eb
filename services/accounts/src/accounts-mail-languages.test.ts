import { AccountsHarness } from './test-support/accounts-harness.js';

/**
 * Accounts' e-mails are written in each of the site's interface languages: the verification link
 * in the language the user registered with, a password reset in the language of the page that
 * asked for it.
 */
describe("accounts' e-mails in the user's language", () => {
  let h: AccountsHarness;
  beforeAll(async () => {
    h = await AccountsHarness.start();
  });
  afterAll(() => h.stop());

  it.each([
    ['it', 'Conferma il tuo indirizzo e-mail', 'Reimposta la password'],
    ['es', 'Confirma tu dirección de correo electrónico', 'Restablece tu contraseña'],
    ['pt', 'Confirme o seu endereço de e-mail', 'Redefina a sua palavra-passe'],
  ])('sends the verification link and the password reset in %s', async (language, verify, reset) => {
    const email = `mail.${language}@example.test`;
    await h.register({ email, language });
    expect(h.mail.latest(email, 'email-verification')?.subject).toBe(verify);
    // A reset is asked for from a page: it is written in that page's language.
    await h.client.requestPasswordReset({
      email,
      language,
      resetUrl: '',
      client: { ip: '203.0.113.50', userAgent: 'jest' },
    });
    expect(h.mail.latest(email, 'password-reset')?.subject).toBe(reset);
  });
});
