import { browserName, type BrowserName } from '@pc/kit/client-info/browser-name';
import { ownSessions } from '~/services/accounts.server';

/** A signed-in session as the account page lists it (ADR 149): never its token. */
export interface SessionView {
  readonly id: string;
  readonly device: BrowserName;
  readonly ip: string;
  readonly signedInAt: string | null;
  readonly lastActiveAt: string | null;
  /** The browser that shows the page. */
  readonly current: boolean;
}

/** The user's sessions, the one showing the page first, then the most recently used. */
export async function sessionsView(userId: string, currentSessionId: string): Promise<SessionView[]> {
  const sessions = await ownSessions.list(userId, currentSessionId);
  const views = sessions.map((own) => ({
    id: own.session?.id ?? '',
    device: browserName(own.userAgent),
    ip: own.ip,
    signedInAt: own.session?.createdAt?.toISOString() ?? null,
    lastActiveAt: own.session?.lastSeenAt?.toISOString() ?? null,
    current: own.current,
  }));
  return [...views.filter((view) => view.current), ...views.filter((view) => !view.current)];
}
