/**
 * The signed-in marker (ADR 083): a cookie the page's scripts can read, set and cleared with the
 * httpOnly session cookie. A page served from the shared cache names no one; where the marker is
 * set, the browser asks for the user's chrome (`GET /auth/chrome`) and shows it.
 */
export const SIGNED_IN_COOKIE = 'pc_signed_in';

/** Whether a cookie header (document.cookie) carries the marker. */
export const hasSignedInMarker = (cookies: string): boolean =>
  cookies.split(';').some((part) => part.trim().startsWith(`${SIGNED_IN_COOKIE}=1`));

/** Drops a marker the server no longer backs (the session ended elsewhere or expired). */
export function clearSignedInMarker(): void {
  document.cookie = `${SIGNED_IN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/**
 * Runs before the first paint: marks the document of a signed-in browser, so that a page from the
 * shared cache does not flash "Log in" while the user's chrome is fetched (app.css).
 */
export const SIGNED_IN_BOOT_SCRIPT = `if(/(?:^|;\\s*)${SIGNED_IN_COOKIE}=1/.test(document.cookie))document.documentElement.dataset.signedIn='';`;
