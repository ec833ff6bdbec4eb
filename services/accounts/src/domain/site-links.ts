import type { FieldChecks } from './field-checks.js';

/**
 * Links in e-mails point at the site. A caller may name the page (reset_url, verify_url), but
 * only on an allowed origin: otherwise a forged request could mail users a link to a phishing
 * host carrying a real token.
 */
export class SiteLinks {
  private readonly origins: ReadonlySet<string>;

  constructor(
    private readonly siteUrl: string,
    allowed: readonly string[] = [],
  ) {
    this.origins = new Set([siteUrl, ...allowed].map((url) => new URL(url).origin));
  }

  /** The base URL to use: the caller's (checked) or the site's default page. */
  base(checks: FieldChecks, field: string, requested: string, defaultPath: string): string {
    const url = requested.trim();
    if (!url) return new URL(defaultPath, this.siteUrl).toString();
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      checks.add(field, 'must be an absolute URL', 'url');
      return '';
    }
    if (!this.origins.has(parsed.origin)) checks.add(field, 'must be on an allowed site host', 'in');
    return parsed.toString();
  }

  /** A page of the site, absolute (for a mail). */
  page(path: string): string {
    return new URL(path, this.siteUrl).toString();
  }

  /** `base` with query parameters added. */
  static withParams(base: string, params: Readonly<Record<string, string>>): string {
    const url = new URL(base);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  }
}

export const RESET_PAGE = '/reset-password';
export const VERIFY_PAGE = '/auth/verify-email';
export const UNDO_EMAIL_PAGE = '/auth/undo-email-change';
/** The account page's two-step sign-in section (ADR 153). */
export const TWO_STEP_PAGE = '/account#two-step';
