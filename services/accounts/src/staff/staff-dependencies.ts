import type { Logger } from 'pino';
import type { AuditLog } from '@pc/audit-log/audit-log';
import type { StaffCheck } from '@pc/staff-access/staff-check';
import type { SiteLinks } from '../domain/site-links.js';
import type { AccountMails } from '../mail/account-mails.js';
import type { SessionRepository } from '../store/session-repository.js';
import type { SignInChallengeRepository } from '../store/sign-in-challenge-repository.js';
import type { UserRepository } from '../store/user-repository.js';
import type { AccountDeletion } from '../workflows/account-deletion.js';

/** What the admin panel's user management (AccountsStaffService) works with. */
export interface StaffDependencies {
  readonly users: UserRepository;
  readonly sessions: SessionRepository;
  readonly challenges: SignInChallengeRepository;
  readonly mails: AccountMails;
  readonly links: SiteLinks;
  readonly deletion: AccountDeletion;
  /** staff:admin, checked against this service's own users (no round trip). */
  readonly staff: StaffCheck;
  readonly audit: AuditLog;
  readonly clock: () => Date;
  readonly logger: Logger;
}
