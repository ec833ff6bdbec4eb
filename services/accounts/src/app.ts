import { AuditLog } from '@pc/audit-log/audit-log';
import { auditService } from '@pc/audit-log/audit-service';
import { cacheAdminService } from '@pc/kit/cache-admin/cache-admin-service';
import { logAdminService } from '@pc/kit/log-admin/log-admin-service';
import { Outbox } from '@pc/kit/events/outbox';
import { DurableMailer } from '@pc/jobs/durable-mailer';
import { JobQueue } from '@pc/jobs/job-queue';
import { jobsService } from '@pc/jobs/jobs-service';
import { openCache } from '@pc/engine-profile/open-cache';
import { openDocumentStore } from '@pc/engine-profile/open-document-store';
import { openEventBus } from '@pc/engine-profile/open-event-bus';
import { openMailer } from '@pc/engine-profile/open-mailer';
import type { Cache } from '@pc/kit/ports/cache';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import type { Mailer } from '@pc/kit/ports/mailer';
import { serviceApp, type BuildContext, type ServiceApp } from '@pc/kit/service/service-app';
import type { AccountsConfig } from './config.js';
import { SiteLinks } from './domain/site-links.js';
import { accountsService } from './grpc/accounts-service.js';
import { AccountMails } from './mail/account-mails.js';
import { localStaffCheck } from './staff/local-staff-check.js';
import { accountsStaffService } from './staff/staff-service.js';
import { LoginThrottle } from './security/login-throttle.js';
import { PasswordHasher } from './security/password-hasher.js';
import { openSecretBox } from './security/secret-box.js';
import { ComparePicksRepository } from './store/compare-picks-repository.js';
import { FavouriteRepository } from './store/favourite-repository.js';
import { KnownBrowserRepository } from './store/known-browser-repository.js';
import { RecentlyViewedRepository } from './store/recently-viewed-repository.js';
import { SessionRepository } from './store/session-repository.js';
import { SignInChallengeRepository } from './store/sign-in-challenge-repository.js';
import { UserRepository } from './store/user-repository.js';
import { AccountDeletion } from './workflows/account-deletion.js';
import { bootstrapAdmin } from './workflows/bootstrap-admin.js';
import { FavouriteLists } from './workflows/favourite-lists.js';
import { SessionIssuer } from './workflows/session-issuer.js';
import { SessionSweep } from './workflows/session-sweep.js';
import { SignInNotice } from './workflows/sign-in-notice.js';
import { VerificationSender } from './workflows/verification-sender.js';

export interface AccountsAppOptions {
  /** The service's notion of now (tests move it to expire sessions and links). */
  readonly clock?: () => Date;
  /** Adapters opened by the caller (tests on a MongoDB database or Redis prefix of their own). */
  readonly documents?: DocumentStore;
  readonly cache?: Cache;
  readonly mailer?: Mailer;
}

/** Builds the accounts service without binding a port (tests run it in-process). */
export async function buildAccountsApp(
  { config, logger }: BuildContext<AccountsConfig>,
  options: AccountsAppOptions = {},
): Promise<ServiceApp> {
  const clock = options.clock ?? (() => new Date());
  const documents = options.documents ?? (await openDocumentStore(config, 'accounts', logger));
  const cache = options.cache ?? (await openCache(config, 'accounts'));
  // Every mail is a durable job (ADR 063): retried with backoff, resumed after a restart, in the dashboard.
  const jobs = await JobQueue.open(documents, 'accounts', { logger, clock });
  const mailer = await DurableMailer.open(jobs, documents, options.mailer ?? openMailer(config));
  const bus = await openEventBus(config, logger, 'accounts');
  const [users, sessions, challenges, knownBrowsers, favourites, recentlyViewed, comparePicks, audit, secrets] =
    await Promise.all([
      UserRepository.open(documents),
      SessionRepository.open(documents),
      SignInChallengeRepository.open(documents),
      KnownBrowserRepository.open(documents),
      FavouriteRepository.open(documents),
      RecentlyViewedRepository.open(documents),
      ComparePicksRepository.open(documents),
      AuditLog.open(documents, 'accounts', clock),
      openSecretBox(documents, config.ACCOUNTS_SEAL_KEY, config.ACCOUNTS_SEAL_KEYS_OLD ?? []),
    ]);
  const outbox = new Outbox(bus, 'accounts', logger);
  const hasher = new PasswordHasher();
  const mails = new AccountMails(mailer);
  const links = new SiteLinks(config.SITE_URL, config.SITE_URLS_ALLOWED ?? []);
  const deletion = new AccountDeletion(
    { users, sessions, challenges, knownBrowsers, favourites, recentlyViewed, comparePicks, outbox },
    logger,
  );
  const sweep = new SessionSweep(sessions, knownBrowsers, challenges, clock, logger);
  const deps = {
    users,
    sessions,
    challenges,
    secrets,
    favourites,
    recentlyViewed,
    comparePicks,
    hasher,
    throttle: new LoginThrottle(cache),
    cache,
    mails,
    outbox,
    issuer: new SessionIssuer(sessions, clock),
    signInNotice: new SignInNotice({ browsers: knownBrowsers, mails, siteUrl: config.SITE_URL, clock, logger }),
    verification: new VerificationSender(users, mails, cache, config.ACCOUNTS_VERIFY_TOKEN_HOURS * 3_600_000, clock),
    deletion,
    links,
    resetTokenMinutes: config.ACCOUNTS_RESET_TOKEN_MINUTES,
    emailUndoHours: config.ACCOUNTS_EMAIL_UNDO_HOURS,
    clock,
    logger,
    lists: new FavouriteLists(favourites, clock),
  };

  const staff = localStaffCheck(users);

  return serviceApp({
    services: [
      accountsService(deps),
      accountsStaffService({ users, sessions, challenges, deletion, mails, links, staff, audit, clock, logger }),
      auditService(audit, staff),
      jobsService(jobs, staff, audit),
      cacheAdminService({ service: 'accounts', cache, adapter: config.CACHE, staff, audit }),
      logAdminService({ service: 'accounts', staff }),
    ],
    readiness: {
      documents: () => documents.isReady(),
      events: () => bus.isReady(),
      cache: () => cache.isReady(),
      mail: () => mailer.isReady(),
    },
    start: async () => {
      // Deletions and registrations a crash left half done are finished before new work.
      await deletion.resume();
      await bootstrapAdmin(
        { users, hasher, outbox, clock, logger },
        config.ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL,
        config.ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD,
      );
      sweep.start(10 * 60_000);
      await jobs.start();
    },
    stop: async () => {
      await sweep.stop();
      await jobs.stop();
      outbox.close();
      await bus.close();
      await mailer.close();
      if (!options.cache) await cache.close();
      if (!options.documents) await documents.close();
    },
  });
}
