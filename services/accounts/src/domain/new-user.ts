import { AccountType } from '@pc/proto/accounts/v1/types';
import { newId } from './secret-token.js';
import { userSearchGrams } from './search-grams.js';
import type { UserRecord } from './user-record.js';

export interface NewUserInput {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly language: string;
  readonly accountType: AccountType;
  readonly company: string;
  readonly passwordHash: string;
  readonly isAdmin?: boolean;
}

/** A new, unverified user record. A business registration is a business user from the start. */
export function newUser(input: NewUserInput, now: Date): UserRecord {
  const at = now.toISOString();
  const business = input.accountType === AccountType.ACCOUNT_TYPE_BUSINESS;
  return {
    _id: newId('u'),
    name: input.name,
    email: input.email,
    phone: input.phone,
    language: input.language || 'en',
    company: input.company,
    accountType: business ? AccountType.ACCOUNT_TYPE_BUSINESS : AccountType.ACCOUNT_TYPE_PERSONAL,
    isAdmin: input.isAdmin ?? false,
    isBusiness: business,
    adminPanels: [],
    passwordHash: input.passwordHash,
    emailVerifiedAt: null,
    verification: null,
    passwordReset: null,
    termsAcceptedAt: at,
    createdAt: at,
    updatedAt: at,
    deletedAt: null,
    searchGrams: userSearchGrams(input.name, input.email),
  };
}
