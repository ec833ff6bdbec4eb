import { data } from '@remix-run/node';
import { z } from 'zod';
import type { Translate } from '../../i18n/languages';
import { panelPath, STAFF_PANELS, type StaffPanel } from '../../panels/panels';
import { userById } from '../../services/accounts.server';
import {
  deleteUser,
  endUserSessions,
  turnOffUserTwoStep,
  grantRole,
  lockUser,
  revokeRole,
  unlockUser,
  userRow,
  userSessions,
  verifyUserEmail,
  type UserRow,
} from '../../services/staff-accounts.server';
import { intent } from '../../writes/staff-write.server';

const role = z.object({ role: z.enum(STAFF_PANELS, { message: 'field.required' }) });
const reason = z.object({ reason: z.string().trim().min(1, 'field.required').max(500, 'field.tooLong') });
const nothing = z.object({});

/** The user a page shows to the signed-in staff user `viewerId`, as a row (404 for unknown or deleted users). */
export async function userOf(userId: string, viewerId: string): Promise<UserRow> {
  const user = await userById(userId, viewerId);
  if (!user) throw data({ notFound: true }, { status: 404 });
  return userRow(user);
}

const roles = (panels: readonly StaffPanel[]) => panels.map((panel) => `staff:${panel}`).join(', ');

/** The writes of a user's page in the admin panel; accounts checks staff:admin and audits each. */
export function userWrites(userId: string) {
  const done = `${panelPath('admin', `users/${userId}`)}?done=1`;
  const rolesChange = (t: Translate, user: UserRow, after: readonly StaffPanel[]) => [
    { label: t('users.roles'), before: roles(user.roles), after: roles(after) },
  ];
  return {
    grant: intent({
      schema: role,
      summary: async ({ role: panel }, context, t) => {
        const user = await userOf(userId, context.user.id);
        return {
          title: t('users.summary.grant', { role: `staff:${panel}`, email: user.email }),
          changes: rolesChange(t, user, [...new Set([...user.roles, panel])]),
        };
      },
      perform: async ({ role: panel }, context) => (await grantRole(context.user.id, userId, panel), done),
    }),
    revoke: intent({
      schema: role,
      summary: async ({ role: panel }, context, t) => {
        const user = await userOf(userId, context.user.id);
        return {
          title: t('users.summary.revoke', { role: `staff:${panel}`, email: user.email }),
          changes: rolesChange(
            t,
            user,
            user.roles.filter((held) => held !== panel),
          ),
        };
      },
      perform: async ({ role: panel }, context) => (await revokeRole(context.user.id, userId, panel), done),
    }),
    lock: intent({
      schema: reason,
      destructive: true,
      summary: async ({ reason: why }, context, t) => {
        const user = await userOf(userId, context.user.id);
        return {
          title: t('users.summary.lock', { email: user.email }),
          changes: [{ label: t('users.lockReason'), before: user.lockedReason, after: why }],
        };
      },
      perform: async ({ reason: why }, context) => (await lockUser(context.user.id, userId, why), done),
    }),
    endSessions: intent({
      schema: reason,
      destructive: true,
      summary: async ({ reason: why }, context, t) => {
        const user = await userOf(userId, context.user.id);
        const open = (await userSessions(context.user.id, userId)).length;
        return {
          title: t('users.summary.endSessions', { email: user.email }),
          changes: [
            { label: t('users.sessions'), before: String(open), after: '0' },
            { label: t('users.lockReason'), before: '', after: why },
          ],
        };
      },
      perform: async ({ reason: why }, context) => (await endUserSessions(context.user.id, userId, why), done),
    }),
    twoStepOff: intent({
      schema: reason,
      destructive: true,
      summary: async ({ reason: why }, context, t) => {
        const user = await userOf(userId, context.user.id);
        return {
          title: t('users.summary.twoStepOff', { email: user.email }),
          changes: [
            { label: t('users.twoStep'), before: t('users.twoStepOn'), after: t('users.twoStepOff') },
            { label: t('users.lockReason'), before: '', after: why },
          ],
        };
      },
      perform: async ({ reason: why }, context) => (await turnOffUserTwoStep(context.user.id, userId, why), done),
    }),
    unlock: intent({
      schema: nothing,
      summary: async (_fields, context, t) => ({
        title: t('users.summary.unlock', { email: (await userOf(userId, context.user.id)).email }),
        changes: [],
      }),
      perform: async (_fields, context) => (await unlockUser(context.user.id, userId), done),
    }),
    verify: intent({
      schema: nothing,
      summary: async (_fields, context, t) => ({
        title: t('users.summary.verify', { email: (await userOf(userId, context.user.id)).email }),
        changes: [],
      }),
      perform: async (_fields, context) => (await verifyUserEmail(context.user.id, userId), done),
    }),
    delete: intent({
      schema: nothing,
      destructive: true,
      summary: async (_fields, context, t) => ({
        title: t('users.summary.delete', { email: (await userOf(userId, context.user.id)).email }),
        changes: [],
      }),
      perform: async (_fields, context) => (
        await deleteUser(context.user.id, userId),
        `${panelPath('admin', 'users')}?done=1`
      ),
    }),
  };
}
