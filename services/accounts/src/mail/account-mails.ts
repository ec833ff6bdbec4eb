import type { Mailer, OutgoingMail } from '@pc/kit/ports/mailer';
import { mailTexts } from './mail-texts.js';
import { twoStepTexts, type TwoStepTexts } from './two-step-texts.js';

/** Who a mail goes to. */
interface Recipient {
  readonly email: string;
  readonly name: string;
  readonly language: string;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain and an HTML body with one call to action. */
function actionMail(
  to: string,
  subject: string,
  kind: string,
  paragraphs: readonly string[],
  action?: { text: string; url: string },
): OutgoingMail {
  const text = [...paragraphs, ...(action ? [`${action.text}: ${action.url}`] : [])].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(action ? [`<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.text)}</a></p>`] : []),
  ].join('\n');
  return { to, subject, text, html, headers: { 'X-Pricecompare-Kind': kind } };
}

/** The e-mails accounts sends, through the Mailer port (outbox folder locally, SMTP in the cluster). */
export class AccountMails {
  constructor(private readonly mailer: Mailer) {}

  verification(to: string, name: string, language: string, url: string): Promise<unknown> {
    const t = mailTexts(language);
    return this.mailer.send(
      actionMail(to, t.verifySubject, 'email-verification', [t.greeting(name), t.verifyBody(name)], {
        text: t.verifyAction,
        url,
      }),
    );
  }

  passwordReset(to: string, name: string, language: string, url: string, minutes: number): Promise<unknown> {
    const t = mailTexts(language);
    return this.mailer.send(
      actionMail(to, t.resetSubject, 'password-reset', [t.greeting(name), t.resetBody(minutes), t.resetIgnore], {
        text: t.resetAction,
        url,
      }),
    );
  }

  /** Sent instead of a new account's verification link when the address has one: the answer to the caller stays the same. */
  alreadyRegistered(to: string, name: string, language: string, resetUrl: string): Promise<unknown> {
    const t = mailTexts(language);
    return this.mailer.send(
      actionMail(to, t.alreadyRegisteredSubject, 'already-registered', [t.greeting(name), t.alreadyRegisteredBody], {
        text: t.alreadyRegisteredAction,
        url: resetUrl,
      }),
    );
  }

  /** To the old address after an e-mail change: what changed, and the link that undoes it. */
  emailChanged(
    to: string,
    name: string,
    language: string,
    newEmail: string,
    undoUrl: string,
    hours: number,
  ): Promise<unknown> {
    const t = mailTexts(language);
    return this.mailer.send(
      actionMail(
        to,
        t.emailChangedSubject,
        'email-changed',
        [t.greeting(name), t.emailChangedBody(newEmail), t.emailChangedUndo(hours)],
        { text: t.emailChangedAction, url: undoUrl },
      ),
    );
  }

  /** After a sign-in from a browser the account was never signed in from (ADR 151). */
  newSignIn(
    to: string,
    name: string,
    language: string,
    client: { browser: string; system: string; ip: string; at: Date },
    sessionsUrl: string,
  ): Promise<unknown> {
    const t = mailTexts(language);
    const when = `${new Intl.DateTimeFormat(language || 'en', {
      dateStyle: 'long',
      timeStyle: 'short',
      hourCycle: 'h23',
      timeZone: 'UTC',
    }).format(client.at)} UTC`;
    const device = t.device(client.browser, client.system);
    return this.mailer.send(
      actionMail(
        to,
        t.newSignInSubject,
        'new-sign-in',
        [t.greeting(name), t.newSignInBody(device, when, client.ip), t.newSignInAdvice],
        { text: t.newSignInAction, url: sessionsUrl },
      ),
    );
  }

  /** Sent instead of a link when nobody has the address: the answer to the caller stays the same. */
  noAccount(to: string, language: string): Promise<unknown> {
    const t = mailTexts(language);
    return this.mailer.send(
      actionMail(to, t.noAccountSubject, 'password-reset-no-account', [t.greeting(''), t.noAccountBody, t.resetIgnore]),
    );
  }

  /** Two-step sign-in turned on (ADR 153): a takeover that turned it on shows up in the inbox. */
  twoStepTurnedOn(user: Recipient, settingsUrl: string): Promise<unknown> {
    return this.twoStepMail(user, 'two-step-on', (t) => [t.onSubject, t.onBody], settingsUrl);
  }

  /** Two-step sign-in turned off, by the user or, at their request, by staff. */
  twoStepTurnedOff(user: Recipient, settingsUrl: string, byStaff = false): Promise<unknown> {
    return this.twoStepMail(
      user,
      'two-step-off',
      (t) => [t.offSubject, byStaff ? t.offByStaffBody : t.offBody],
      settingsUrl,
    );
  }

  /** A recovery code signed in: the owner learns it, and how many are left. */
  recoveryCodeUsed(user: Recipient, left: number, settingsUrl: string): Promise<unknown> {
    return this.twoStepMail(
      user,
      'two-step-recovery-code-used',
      (t) => [t.recoveryUsedSubject, t.recoveryUsedBody(left)],
      settingsUrl,
    );
  }

  private twoStepMail(
    user: Recipient,
    kind: string,
    words: (t: TwoStepTexts) => readonly [subject: string, body: string],
    settingsUrl: string,
  ): Promise<unknown> {
    const t = twoStepTexts(user.language);
    const [subject, body] = words(t);
    return this.mailer.send(
      actionMail(user.email, subject, kind, [mailTexts(user.language).greeting(user.name), body, t.notYou], {
        text: t.action,
        url: settingsUrl,
      }),
    );
  }
}
