// "Where you are signed in" (ADR 149): each browser by name, address and times; a button to sign out the others.
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SessionView } from '~/data/account-sessions.server';
import { serverT } from '~/i18n/server-t.server';
import { SiteContext, type Site } from '~/site/site-provider';
import { SessionsSection } from './SessionsSection';

// The section's forms outside a Remix route: a page with the CSRF token "t".
jest.mock('@remix-run/react', () => ({
  Form: ({ children, ...props }: { children: ReactNode }) => createElement('form', props, children),
  useActionData: () => undefined,
  useNavigation: () => ({ state: 'idle' }),
  useMatches: () => [{ data: { csrf: 't' } }],
}));

const session = (patch: Partial<SessionView>): SessionView => ({
  id: 's_1',
  device: { browser: 'Chrome', system: 'Windows' },
  ip: '203.0.113.9',
  signedInAt: '2026-05-01T08:00:00.000Z',
  lastActiveAt: '2026-05-04T17:05:00.000Z',
  current: false,
  ...patch,
});

function render(sessions: SessionView[], language: 'en' | 'de' = 'en', tag = 'en-GB'): string {
  const site = { t: serverT(language).t, tag, language, route: () => '/' } as unknown as Site;
  return renderToStaticMarkup(
    createElement(SiteContext.Provider, { value: site }, createElement(SessionsSection, { sessions })),
  );
}

const rows = (html: string) => html.split('<li class="session-item">').slice(1);

describe('where you are signed in', () => {
  it('names each browser with its system, address and times in UTC; this one marked and not signed out here', () => {
    const [current, phone] = rows(
      render([
        session({ id: 's_laptop', current: true }),
        session({ id: 's_phone', device: { browser: 'Safari', system: 'iOS' }, ip: '198.51.100.4' }),
      ]),
    );
    expect(current).toContain('<strong>Chrome on Windows</strong><span class="badge">This browser</span>');
    expect(current).toContain(
      'Last active 4 May 2026, 17:05 UTC · signed in 1 May 2026, 08:00 UTC · IP address 203.0.113.9',
    );
    expect(current).not.toContain('<form');
    expect(phone).toContain('<strong>Safari on iOS</strong>');
    expect(phone).toContain('IP address 198.51.100.4');
    expect(phone).toContain('<input type="hidden" name="session_id" value="s_phone"/>');
    expect(phone).toContain('aria-label="Sign out Safari on iOS"');
  });

  it('says what it knows of a browser whose header names little, and leaves out an address it never saw', () => {
    const [onlySystem, nothing] = rows(
      render([
        session({ device: { browser: '', system: 'Android' }, ip: '' }),
        session({ id: 's_2', device: { browser: '', system: '' } }),
      ]),
    );
    expect(onlySystem).toContain('<strong>Android</strong>');
    expect(onlySystem).not.toContain('IP address');
    expect(nothing).toContain('<strong>Unknown browser</strong>');
  });

  it('offers "sign out everywhere else" only while another browser is signed in', () => {
    expect(render([session({ current: true }), session({ id: 's_2' })])).toContain('Sign out everywhere else');
    expect(render([session({ current: true })])).not.toContain('Sign out everywhere else');
  });

  it('speaks the page’s language', () => {
    const [row] = rows(render([session({ current: true })], 'de', 'de-CH'));
    expect(row).toContain('<strong>Chrome unter Windows</strong><span class="badge">Dieser Browser</span>');
    expect(row).toContain('IP-Adresse 203.0.113.9');
  });
});
