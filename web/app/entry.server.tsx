import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from '@remix-run/node';
import { isRouteErrorResponse, RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceProvider, nonceOf } from './site/csp-nonce';

const ABORT_DELAY = 5_000;

/**
 * The page parts this site process keeps between changes (ADR 093): the site's follower of the
 * event bus (web/site-process.mjs) tells them what changed, and `/metrics` counts their reads.
 */
export { sitePageParts as pageParts } from './data/site-page-parts.server';

/**
 * What Remix reports: unexpected errors are logged; a request the router refused (a 4xx: 405
 * for a method a resource route does not take, 404) is the visitor's mistake, not the server's.
 */
export function handleError(error: unknown, { request }: { request: Request }): void {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
}

/**
 * Remix's Node entry (its default, with one change): every inline script React and Remix write
 * into the page — the streamed data, the route modules' loader, scroll restoration — carries the
 * request's Content-Security-Policy nonce, and the page's own inline scripts read it through
 * NonceProvider. Bots get the whole page at once (onAllReady), browsers as soon as the shell is ready.
 * The render is aborted if it is not complete after ABORT_DELAY; a complete one clears that timer
 * (the default left it, so every page's render stayed reachable, and was aborted, five seconds
 * after it had been sent).
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = nonceOf(loadContext);
  const whole = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let statusCode = status;
    const ready = () => {
      shellRendered = true;
      const body = new PassThrough();
      headers.set('Content-Type', 'text/html');
      resolve(new Response(createReadableStreamFromReadable(body), { headers, status: statusCode }));
      pipe(body);
    };
    const abortTimer = setTimeout(() => abort(), ABORT_DELAY);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        ...(whole ? {} : { onShellReady: ready }),
        onAllReady() {
          clearTimeout(abortTimer);
          if (whole) ready();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          statusCode = 500;
          // Errors of the shell reject (Remix logs them); these come later, from inside it.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
