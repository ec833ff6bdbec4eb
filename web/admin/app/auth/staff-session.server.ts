import { data, redirect } from '@remix-run/node';
import { config } from '../config.server';
import { panelPath, routerPath, type StaffPanel } from '../panels/panels';
import { sessionUser, signOut } from '../services/accounts.server';
import { clearPanelSession, readPanelSession, writePanelSession, type PanelSession } from './panel-cookie.server';
import { holdsPanel, panelsOf } from './panel-roles.server';
import type { StaffUser } from './staff-user';

/** A request of a signed-in holder of the panel's role. */
export interface StaffContext {
  readonly panel: StaffPanel;
  readonly user: StaffUser;
  readonly session: PanelSession;
  /** Set-Cookie that moves the panel's idle clock; every loader and action returns it. */
  readonly setCookie: string;
}

const known = new WeakMap<Request, Promise<StaffContext>>();

/** The panel's sign-in page, coming back to this request's page afterwards. */
export function loginPath(request: Request, panel: StaffPanel, reason?: 'expired'): string {
  const url = new URL(request.url);
  const back = request.method === 'GET' ? `${url.pathname}${url.search}` : panelPath(panel);
  const query = new URLSearchParams({ redirect: back, ...(reason ? { reason } : {}) });
  return `${panelPath(panel, 'login')}?${query}`;
}

/**
 * Every loader and action of a panel starts here (parents' loaders do not guard their children's):
 * the panel's own cookie, its idle timeout, the accounts session behind it and the panel's role.
 * Without a session: to the panel's sign-in. Idle too long: the session ends, to sign-in. Signed in
 * without the panel's role: 403 (a role of another panel opens only that panel).
 */
export function requireStaff(request: Request, panel: StaffPanel): Promise<StaffContext> {
  let context = known.get(request);
  if (!context) {
    context = resolveStaff(request, panel);
    known.set(request, context);
  }
  return context;
}

async function resolveStaff(request: Request, panel: StaffPanel): Promise<StaffContext> {
  const session = await readPanelSession(request, panel);
  if (!session?.token) throw redirect(routerPath(loginPath(request, panel)));
  const now = Date.now();
  if (now - session.seenAt > config.ADMIN_IDLE_MINUTES[panel] * 60_000) {
    await signOut(session.token).catch(() => undefined);
    throw redirect(routerPath(loginPath(request, panel, 'expired')), {
      headers: { 'Set-Cookie': await clearPanelSession(request, panel) },
    });
  }
  const user = await sessionUser(session.token);
  if (!user)
    throw redirect(routerPath(loginPath(request, panel)), {
      headers: { 'Set-Cookie': await clearPanelSession(request, panel) },
    });
  if (!holdsPanel(user, panel)) throw data({ forbidden: panel }, { status: 403 });
  const fresh = { ...session, seenAt: now };
  return {
    panel,
    user: { id: user.id, name: user.name, email: user.email, panels: panelsOf(user) },
    session: fresh,
    setCookie: await writePanelSession(request, panel, fresh),
  };
}

/** Whether a destructive write must ask for the password again (the last sign-in is too old). */
export const needsReauth = (context: StaffContext): boolean =>
  Date.now() - context.session.authAt >= config.ADMIN_REAUTH_MINUTES * 60_000;
