import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { settingMadeOnce } from '@pc/kit/settings/setting-made-once';

/** What a stop link names: one alert of one user. */
export interface AlertLink {
  readonly alertId: string;
  readonly userId: string;
}

/** The site's page a stop link opens (and a mail client's one-click POST goes to, RFC 8058). */
export const STOP_EMAILS_PAGE = '/alerts/stop-emails';
const PURPOSE = 'alert-email-stop';

/**
 * The key stop links are signed with: ALERT_MAIL_LINK_SECRET (the cluster's Secret) when set;
 * otherwise made on the first start and kept in the service's document store, so links stay
 * valid across restarts and replicas. Concurrent first starts agree on the one stored first.
 */
export async function loadAlertLinkSecret(store: DocumentStore, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const { value } = await settingMadeOnce(store, 'alert-mail-links', () => ({
    secret: randomBytes(32).toString('base64url'),
  }));
  return Buffer.from(value.secret, 'base64url');
}

/**
 * Links in an alert's e-mail that stop its e-mails without signing in (ADR 152): a token naming
 * the alert and its owner, signed (JWS, HS256 by jose) with the service's key. Whoever holds the
 * mail may stop that alert's e-mails — nothing else; the token carries no expiry, as such links
 * are followed long after the mail came.
 */
export class AlertMailLinks {
  constructor(
    private readonly key: Uint8Array,
    private readonly siteUrl: string,
  ) {}

  token(link: AlertLink): Promise<string> {
    return new SignJWT({ alert: link.alertId, purpose: PURPOSE })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(link.userId)
      .setIssuedAt()
      .sign(this.key);
  }

  /** The page a mail links to, in the user's language. */
  async stopUrl(link: AlertLink, language: string): Promise<string> {
    const url = new URL(STOP_EMAILS_PAGE, this.siteUrl);
    url.searchParams.set('token', await this.token(link));
    url.searchParams.set('lang', language);
    return url.toString();
  }

  /** Another page of the site, absolute (for a mail). */
  pageUrl(path: string): string {
    return new URL(path, this.siteUrl).toString();
  }

  /** The alert and user a token names, or null for a token that is malformed or not ours. */
  async read(token: string): Promise<AlertLink | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (payload.purpose !== PURPOSE || typeof payload.alert !== 'string' || !payload.sub) return null;
      return { alertId: payload.alert, userId: payload.sub };
    } catch {
      return null;
    }
  }
}
