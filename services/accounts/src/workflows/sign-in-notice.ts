import type { Logger } from 'pino';
import { browserName } from '@pc/kit/client-info/browser-name';
import type { ClientInfo } from '@pc/proto/accounts/v1/types';
import type { UserRecord } from '../domain/user-record.js';
import type { AccountMails } from '../mail/account-mails.js';
import type { KnownBrowserRepository } from '../store/known-browser-repository.js';

/** Where the mail's link goes: the account page's list of signed-in browsers (ADR 149). */
export const SESSIONS_PAGE = '/account#sessions';

/**
 * Tells a user of a sign-in from a browser their account was never signed in from (ADR 151): a
 * stolen password used elsewhere shows up in their inbox, with a link to sign that browser out.
 * Their very first sign-in tells nothing (there is nothing to compare with yet). The notice
 * never holds up or fails the sign-in: a failure is logged, and the mail itself is a durable job.
 */
export class SignInNotice {
  constructor(
    private readonly parts: {
      readonly browsers: KnownBrowserRepository;
      readonly mails: AccountMails;
      readonly siteUrl: string;
      readonly clock: () => Date;
      readonly logger: Logger;
    },
  ) {}

  async signedIn(user: UserRecord, client: ClientInfo | undefined): Promise<void> {
    const { browsers, mails, siteUrl, clock, logger } = this.parts;
    const at = clock();
    const userAgent = (client?.userAgent ?? '').slice(0, 300);
    try {
      if ((await browsers.signedIn(user._id, userAgent, at)) !== 'new') return;
      const { browser, system } = browserName(userAgent);
      await mails.newSignIn(
        user.email,
        user.name,
        user.language,
        { browser, system, ip: (client?.ip ?? '').slice(0, 64), at },
        new URL(SESSIONS_PAGE, siteUrl).toString(),
      );
    } catch (error) {
      logger.warn({ err: error, userId: user._id }, 'sign-in notice not sent');
    }
  }
}
