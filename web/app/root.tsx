import { data, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ClientLoaderFunctionArgs,
  type ShouldRevalidateFunction,
} from '@remix-run/react';
import type { ReactNode } from 'react';
import { Footer } from './components/layout/Footer';
import { Masthead } from './components/layout/Masthead';
import { TabBar } from './components/layout/TabBar';
import { PendingProductPreview } from './components/product/PendingProductPreview';
import { RouteErrorBoundary } from './components/status/RouteErrorBoundary';
import { i18nFor, loadMessages } from './i18n/i18n';
import { useNonce } from './site/csp-nonce';
import { rootData, type RootData } from './site/root-data.server';
import { SIGNED_IN_BOOT_SCRIPT } from './site/signed-in-marker';
import { SiteProvider } from './site/site-provider';
import account from './styles/account.css?url';
import styles from './styles/app.css?url';
import components from './styles/components.css?url';
import product from './styles/product.css?url';
import { THEME_BOOT_SCRIPT } from './theme/theme';
import './site/preload-error';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'stylesheet', href: components },
  { rel: 'stylesheet', href: product },
  { rel: 'stylesheet', href: account },
  { rel: 'search', type: 'application/opensearchdescription+xml', title: 'pricecompare', href: '/opensearch.xml' },
  { rel: 'icon', href: '/img/placeholder/shop-pricecompare.svg', type: 'image/svg+xml' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const root = await rootData(request);
  return data(root.data, { headers: root.headers });
}

/** A navigation into another language brings that language's messages before it renders. */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const root = await serverLoader<typeof loader>();
  await loadMessages(root.language, root.messagesHref);
  return root;
}

/**
 * The chrome's data changes only with the locale, the language or a form post: not when a
 * search query or a filter changes (those would otherwise re-run it on every keystroke).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate;
  const localeOf = (url: URL) => url.pathname.split('/')[1];
  return localeOf(currentUrl) !== localeOf(nextUrl) || nextUrl.searchParams.has('lang');
};

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const language = root?.language ?? 'en';
  // The Content-Security-Policy lets only the site's files and scripts with this nonce run.
  const nonce = useNonce();
  const page = (
    <html
      lang={root ? `${language}-${root.locale.country.toUpperCase()}` : 'en'}
      data-theme="light"
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        {/* Before anything paints: the stored theme, so there is no flash of the wrong one, and the
            signed-in mark, so a page from the shared cache shows no "Log in" to a signed-in visitor. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT + SIGNED_IN_BOOT_SCRIPT }} />
        {/* First: a page's meta may preload its largest picture (the home page's LCP); asked for
            before the messages and the stylesheets, it is there when the page first paints. */}
        <Meta />
        {/* Fetched at once, beside the scripts: hydration waits for it (entry.client). */}
        {root ? (
          <link rel="preload" href={root.messagesHref} as="fetch" crossOrigin="anonymous" data-messages={language} />
        ) : null}
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          {root ? i18nFor(language).t('nav.skipToContent') : 'Skip to content'}
        </a>
        {root ? <Masthead /> : null}
        <div className="page">{children}</div>
        {root ? <Footer /> : null}
        {root ? <TabBar /> : null}
        {root ? <PendingProductPreview /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
  return root ? <SiteProvider data={root}>{page}</SiteProvider> : page;
}

export default function App() {
  return <Outlet />;
}

export const ErrorBoundary = RouteErrorBoundary;
