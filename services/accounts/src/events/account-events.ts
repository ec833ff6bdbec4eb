import { AccountDeletionReason } from '@pc/proto/accounts/events/v1/events';
import { Events } from '@pc/proto/event-catalog';
import type { PendingEvent } from '@pc/kit/events/publisher';
import type { UserRecord } from '../domain/user-record.js';

/** UserRegistered of a new user (key: user id). */
export function userRegistered(user: UserRecord): PendingEvent<unknown> {
  return {
    type: Events.userRegistered,
    key: user._id,
    payload: {
      userId: user._id,
      name: user.name,
      email: user.email,
      accountType: user.accountType,
      company: user.company,
      language: user.language,
      registeredAt: new Date(user.createdAt),
    },
  };
}

/** AccountDeleted (key: user id): billing cancels at once, offers deletes shops, notifications forgets. */
export function accountDeleted(user: UserRecord, byAdmin: boolean, deletedAt: Date): PendingEvent<unknown> {
  return {
    type: Events.accountDeleted,
    key: user._id,
    payload: {
      userId: user._id,
      wasBusiness: user.isBusiness,
      reason: byAdmin
        ? AccountDeletionReason.ACCOUNT_DELETION_REASON_ADMIN
        : AccountDeletionReason.ACCOUNT_DELETION_REASON_USER,
      deletedAt,
    },
  };
}
