import type { User } from '@pc/proto/accounts/v1/types';
import { isoTime } from './money.server';

/** The user as the site sees it (spec §3 User: id, name, is_admin; plus what the account pages show). */
export interface UserJson {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly language: string;
  readonly company: string;
  readonly is_admin: boolean;
  readonly is_business: boolean;
  readonly email_verified: boolean;
  readonly created_at: string | null;
}

export function userJson(user: User): UserJson {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    language: user.language,
    company: user.company,
    is_admin: user.isAdmin,
    is_business: user.isBusiness,
    email_verified: user.emailVerified,
    created_at: isoTime(user.createdAt),
  };
}
