import { sessionCookie } from './session-cookie.server';
import {
  challengeCookie,
  challengeCookieSeconds,
  challengeToken,
  clearedChallengeCookie,
} from './two-step-cookie.server';

const now = new Date('2026-06-01T10:00:00Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
const over = (url: string, cookie?: string) => new Request(url, cookie ? { headers: { cookie } } : {});
const attributes = (line: string) => line.split('; ').slice(1);

describe('the cookie of a sign-in waiting for its code (ADR 153)', () => {
  it('lives until the challenge expires, at most five minutes', () => {
    expect(challengeCookieSeconds(later(300), now)).toBe(300);
    expect(challengeCookieSeconds(later(120.8), now)).toBe(120);
    expect(challengeCookieSeconds(later(3600), now)).toBe(300);
    expect(challengeCookieSeconds(undefined, now)).toBe(300);
    // Expired on arrival (a slow answer): gone at once rather than never.
    expect(challengeCookieSeconds(later(-5), now)).toBe(1);
  });

  it('is httpOnly and SameSite=Lax, and Secure exactly when the session cookie is', () => {
    for (const url of ['https://site.test/en-ch/login', 'http://site.test/en-ch/login']) {
      const request = over(url);
      const line = challengeCookie(request, 'tok_1', later(300), now);
      expect(line.startsWith('pc_two_step=tok_1; ')).toBe(true);
      expect(attributes(line)).toEqual(expect.arrayContaining(['Path=/', 'SameSite=Lax', 'HttpOnly', 'Max-Age=300']));
      const secure = (cookie: string) => attributes(cookie).includes('Secure');
      expect(secure(line)).toBe(secure(sessionCookie(request, 's', false)));
    }
    expect(attributes(challengeCookie(over('https://site.test/'), 't', later(60), now))).toContain('Secure');
  });

  it('is read back from the request, and cleared with Max-Age=0', () => {
    expect(challengeToken(over('http://site.test/', 'a=1; pc_two_step=tok%2F2'))).toBe('tok/2');
    expect(challengeToken(over('http://site.test/', 'pc_two_step='))).toBeNull();
    expect(challengeToken(over('http://site.test/'))).toBeNull();
    expect(clearedChallengeCookie(over('http://site.test/'))).toMatch(/^pc_two_step=; .*Max-Age=0/);
  });
});
