import type { OutboxFields } from '@pc/kit/events/outbox';
import type { AccountType, AdminPanel } from '@pc/proto/accounts/v1/types';
import type { TwoStepRecord, TwoStepSetup } from './two-step.js';

/** A one-time link token: only its SHA-256 is stored, with its expiry (ISO times). */
export interface StoredToken {
  readonly hash: string;
  readonly expiresAt: string;
  readonly sentAt: string;
}

/** An e-mail change the old address may undo (the link mailed to it) until `undo.expiresAt`. */
export interface EmailChange {
  readonly previousEmail: string;
  readonly previousVerifiedAt: string | null;
  readonly undo: StoredToken;
}

/** A user as accounts stores it (collection `users`). Times are ISO 8601 UTC strings. */
export interface UserRecord extends OutboxFields {
  readonly _id: string;
  readonly name: string;
  /** Lower-cased, unique. A deleted user keeps `deleted:<id>` so the address is free again. */
  readonly email: string;
  readonly phone: string;
  readonly language: string;
  readonly company: string;
  readonly accountType: AccountType;
  readonly isAdmin: boolean;
  readonly isBusiness: boolean;
  readonly adminPanels: readonly AdminPanel[];
  /** PHC string of the password KDF (argon2id); never leaves the service. */
  readonly passwordHash: string;
  readonly emailVerifiedAt: string | null;
  readonly verification: StoredToken | null;
  readonly passwordReset: StoredToken | null;
  /** The last e-mail change, while it can be undone (absent on users who never changed it). */
  readonly emailChange?: EmailChange | null;
  readonly termsAcceptedAt: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Set when the account was deleted: the record is then a tombstone without personal data. */
  readonly deletedAt: string | null;
  /** Set while staff have locked the user out (no sign-in); absent on records older than locks. */
  readonly lockedAt?: string | null;
  readonly lockedReason?: string;
  /** Set while sign-ins ask for the authenticator app's code (ADR 153); absent on older records. */
  readonly twoStep?: TwoStepRecord | null;
  /** A secret handed to the app, until confirmed with a code or expired. */
  readonly twoStepSetup?: TwoStepSetup | null;
  /** Trigrams of name and e-mail, for the admin search (ListUsers). */
  readonly searchGrams: readonly string[];
}

export const isLive = (user: UserRecord | null): user is UserRecord => user !== null && user.deletedAt === null;
