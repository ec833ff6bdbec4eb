import { useEffect, useState } from 'react';
import { clearSignedInMarker, hasSignedInMarker } from './signed-in-marker';
import type { ChromeUser } from './root-data.server';

/** The answer of GET /auth/chrome (docs/api/openapi.yaml, ChromeUserAnswer). */
export interface ChromeUserJson {
  readonly name: string;
  readonly is_admin: boolean;
  readonly is_business: boolean;
  readonly admin_url: string;
}

const fromJson = (json: ChromeUserJson | null): ChromeUser | null =>
  json ? { name: json.name, isAdmin: json.is_admin, isBusiness: json.is_business, adminUrl: json.admin_url } : null;

/**
 * The signed-in user the chrome shows: the one the server rendered the page for, or — on a page
 * served to everyone from the shared cache (ADR 083), where the browser carries the signed-in
 * marker — the one `/auth/chrome` names once the page is running. A marker the server no longer
 * backs is dropped, and the page stays a visitor's.
 */
export function useChromeUser(rendered: ChromeUser | null): ChromeUser | null {
  const [fetched, setFetched] = useState<ChromeUser | null>(null);
  useEffect(() => {
    if (rendered) return;
    if (!hasSignedInMarker(document.cookie)) {
      setFetched(null);
      document.documentElement.removeAttribute('data-signed-in');
      return;
    }
    let current = true;
    fetch('/auth/chrome', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then((answer) => (answer.ok ? (answer.json() as Promise<{ user: ChromeUserJson | null }>) : undefined))
      .then((answer) => {
        // No answer (accounts down): the marker stays, and the next page asks again.
        if (!current || !answer) return;
        const user = fromJson(answer.user);
        if (!user) {
          clearSignedInMarker();
          document.documentElement.removeAttribute('data-signed-in');
        }
        setFetched(user);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [rendered]);
  return rendered ?? fetched;
}
