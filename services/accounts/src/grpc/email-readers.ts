import type { Caller } from '@pc/kit/identity/caller';
import { processIdentity } from '@pc/kit/identity/process-identity';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { isLive } from '../domain/user-record.js';
import type { UserRepository } from '../store/user-repository.js';

/**
 * Services that mail users and so need their addresses: notifications (price alerts) and offers
 * (shop owners' lifecycle mails, sent by a consumer of offers' own events: no user's call to ride on).
 */
const MAILING_SERVICES: ReadonlySet<string> = new Set(['notifications', 'offers']);

/**
 * Whether the verified caller may read a user's e-mail address: the user themself, a signed-in
 * holder of `staff:admin` (the user administration), or a service that mails. Everyone else
 * (another user, other services, the seed) reads the user without it. A process without an
 * identity verifies nobody: only an in-process test harness (runService requires one).
 */
export async function mayReadEmail(
  caller: Caller | undefined,
  userId: string,
  users: UserRepository,
): Promise<boolean> {
  if (!caller) return !processIdentity();
  if (MAILING_SERVICES.has(caller.principal) || caller.userId === userId) return true;
  if (!caller.userId) return false;
  const viewer = await users.get(caller.userId);
  return isLive(viewer) && viewer!.isAdmin && viewer!.adminPanels.includes(AdminPanel.ADMIN_PANEL_ADMIN);
}
