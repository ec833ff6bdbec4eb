import { randomBytes } from 'node:crypto';
import { createCookie } from '@remix-run/node';
import { config, sessionSecret } from '../config.server';
import { panelPath, type StaffPanel } from '../panels/panels';

/**
 * What a panel's cookie holds: the accounts session's bearer token once signed in, and the
 * panel's own clocks (ADR 042): `authAt` (the last password entry, for re-authentication before a
 * destructive write), `seenAt` (the last request, for the panel's idle timeout); `csrf` is the
 * token every form of the panel carries; `challenge`, between the password and the app's code of a
 * two-step sign-in (ADR 153), the token the second step takes. Signed (HMAC), httpOnly, SameSite=Strict, and scoped
 * to the panel's path: each panel signs in on its own.
 */
export interface PanelSession {
  readonly token: string;
  readonly userId: string;
  readonly authAt: number;
  readonly seenAt: number;
  readonly csrf: string;
  readonly challenge?: string;
}

const cookies = new Map<StaffPanel, ReturnType<typeof createCookie>>();

function cookieOf(panel: StaffPanel) {
  let cookie = cookies.get(panel);
  if (!cookie) {
    cookie = createCookie(`pc_admin_${panel}`, {
      path: panelPath(panel),
      httpOnly: true,
      sameSite: 'strict',
      secrets: [sessionSecret],
    });
    cookies.set(panel, cookie);
  }
  return cookie;
}

/** Whether this request came over HTTPS (directly, or as the ingress tells). */
export function isSecure(request: Request): boolean {
  if (config.COOKIE_SECURE !== 'auto') return config.COOKIE_SECURE === 'always';
  return (
    new URL(request.url).protocol === 'https:' ||
    request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https'
  );
}

export const newCsrf = (): string => randomBytes(18).toString('base64url');

/** The panel's session of this request; null when absent or not signed by us. */
export async function readPanelSession(request: Request, panel: StaffPanel): Promise<PanelSession | null> {
  const value: unknown = await cookieOf(panel).parse(request.headers.get('cookie'));
  if (!value || typeof value !== 'object') return null;
  const session = value as Partial<PanelSession>;
  if (typeof session.csrf !== 'string') return null;
  return {
    token: session.token ?? '',
    userId: session.userId ?? '',
    authAt: session.authAt ?? 0,
    seenAt: session.seenAt ?? 0,
    csrf: session.csrf,
    challenge: typeof session.challenge === 'string' ? session.challenge : '',
  };
}

/** The Set-Cookie that stores a panel session (a browser-session cookie: the idle timeout ends it server-side). */
export function writePanelSession(request: Request, panel: StaffPanel, session: PanelSession): Promise<string> {
  return cookieOf(panel).serialize(session, { secure: isSecure(request) });
}

export function clearPanelSession(request: Request, panel: StaffPanel): Promise<string> {
  return cookieOf(panel).serialize('', { secure: isSecure(request), maxAge: 0 });
}
