import { useEffect } from 'react';

/**
 * The way on to the payment provider's page (the card form, the bank's 3-D Secure page): a link,
 * which works without JavaScript; with `follow`, followed at once where scripts run. A form's
 * answer cannot redirect to another site (the site's CSP lets forms lead only here), a link can.
 */
export function ContinueLink({ href, follow = false, children }: { href: string; follow?: boolean; children: string }) {
  useEffect(() => {
    if (follow) window.location.assign(href);
  }, [href, follow]);
  return (
    <p>
      <a className="button primary" href={href} rel="noopener">
        {children}
      </a>
    </p>
  );
}
