import type { Page } from 'playwright-core';
import type { MailBox } from '@pc/kit/testing/outbox-mail';
import { until } from '../support/until';

/**
 * What a visitor does in the account area, step by step through the pages (the assertions stay
 * in the test). Each takes a page already on the site.
 */

export const PASSWORD = 'secret-pass';

/** What the login page says after a registration (the same for a new and a taken address). */
export const REGISTERED = 'Check your email: we have sent you a message to finish signing up. Then log in here.';

/**
 * Registers on the register page, then logs in on the login page it leads to (registration does
 * not sign in, issue 43); resolves on the account page with what the login page said first.
 */
export async function register(page: Page, site: string, name: string, email: string): Promise<string> {
  await page.goto(`${site}/en-ch/register`, { waitUntil: 'networkidle' });
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel('I have read and agree').check();
  await Promise.all([
    page.waitForURL(/\/en-ch\/login\?registered=1/),
    page.getByRole('button', { name: 'Create account' }).click(),
  ]);
  const said = await notice(page);
  await logInOnPage(page, site, email, PASSWORD);
  await page.waitForURL(`${site}/account`);
  // With JavaScript the URL changes a moment before the account page renders.
  await heading(page, 'Your account');
  return said;
}

/** Opens the verification link of the newest mail to the address, as the user clicks it. */
export async function verifyFromMail(page: Page, mail: MailBox, email: string): Promise<URL> {
  const link = mail.link(email, 'email-verification');
  await page.goto(link.href, { waitUntil: 'networkidle' });
  return link;
}

/**
 * Fills and sends the login page's form (opening the page first if needed) and resolves with
 * the status of the action's answer; the caller waits for what it expects next (the redirect
 * target, or the alert), since the page changes after the answer arrives.
 */
export async function logInOnPage(page: Page, site: string, email: string, password: string): Promise<number> {
  if (!page.url().includes('/login')) await page.goto(`${site}/en-ch/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.locator('main').getByRole('button', { name: 'Log in' }).click(),
  ]);
  return answer.status();
}

/** The text of the page's alert once it says what `ok` wants (or the last text, for the assertion to show). */
export const alertText = (page: Page, ok: (text: string) => boolean) =>
  until(
    () =>
      page
        .getByRole('alert')
        .innerText()
        .catch(() => ''),
    ok,
  );

export async function logOut(page: Page, site: string): Promise<void> {
  if (!page.url().startsWith(`${site}/account`)) await page.goto(`${site}/account`, { waitUntil: 'networkidle' });
  await Promise.all([page.waitForURL(`${site}/en-ch`), page.getByRole('button', { name: 'Log out' }).click()]);
}

/** The masthead's user link once it reads `expected` ("Account" signed in, "Log in" for a visitor), else what it read. */
export const mastheadUser = (page: Page, expected: string) =>
  until(
    () => page.locator('.masthead-links a').first().innerText(),
    (text) => text === expected,
  );

/** The page's h1 once it reads `expected` (a client-side navigation renders a moment after the URL changes). */
export const heading = (page: Page, expected: string) =>
  until(
    () => page.locator('h1').innerText(),
    (text) => text === expected,
  );

/** The form-level message (an alert or a status) a page shows. */
export const notice = (page: Page) => page.locator('main .notice-error, main .notice-done').first().innerText();
