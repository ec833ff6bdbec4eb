import type { FavouriteItem, FavouriteList, Session, User } from '@pc/proto/accounts/v1/types';
import type { FavouriteItemRecord, FavouriteListRecord } from '../domain/favourite-records.js';
import type { SessionRecord } from '../domain/session-record.js';
import type { UserRecord } from '../domain/user-record.js';

const date = (iso: string | null): Date | undefined => (iso ? new Date(iso) : undefined);

/** A user as callers see it: never the password hash or token hashes. */
export function userMessage(user: UserRecord): User {
  return {
    id: user._id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    language: user.language,
    isAdmin: user.isAdmin,
    isBusiness: user.isBusiness,
    adminPanels: user.isAdmin ? [...user.adminPanels] : [],
    company: user.company,
    emailVerified: user.emailVerifiedAt !== null,
    emailVerifiedAt: date(user.emailVerifiedAt),
    createdAt: date(user.createdAt),
    updatedAt: date(user.updatedAt),
    lockedAt: date(user.lockedAt ?? null),
    lockedReason: user.lockedReason ?? '',
    twoStepOnSince: date(user.twoStep?.onSince ?? null),
  };
}

/** A session; the token only where the caller just created it. */
export function sessionMessage(session: SessionRecord, token = ''): Session {
  return {
    id: session.id,
    token,
    userId: session.userId,
    remember: session.remember,
    createdAt: date(session.createdAt),
    expiresAt: date(session.expiresAt),
    lastSeenAt: date(session.lastSeenAt),
  };
}

export function listMessage(list: FavouriteListRecord): FavouriteList {
  return {
    id: list._id,
    userId: list.userId,
    name: list.name,
    isDefault: list.isDefault,
    public: list.public,
    itemsCount: list.itemsCount,
    createdAt: date(list.createdAt),
    updatedAt: date(list.updatedAt),
  };
}

export function itemMessage(item: FavouriteItemRecord): FavouriteItem {
  return { listId: item.listId, productId: item.productId, note: item.note, addedAt: date(item.addedAt) };
}
