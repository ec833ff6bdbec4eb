import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { loadMessages } from './i18n/i18n';

/**
 * Remix's browser entry (its default, with one change): the page's messages are not in the
 * page (ADR 078); they are fetched from the address its head preloads, then the page hydrates.
 * Until then, and if they cannot be had, the server's HTML works as it does without JavaScript.
 */
async function hydrate() {
  const link = document.querySelector<HTMLLinkElement>('link[data-messages]');
  if (link) await loadMessages(link.dataset.messages ?? '', link.href);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

hydrate().catch((error: unknown) => console.error('the page could not start its scripts', error));
