import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { EcoTipTotals } from '~/components/ecotip/EcoTipTotals';
import { Breadcrumbs } from '~/components/layout/Breadcrumbs';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { ecoTipTotals } from '~/data/ecotip.server';
import { staticPageContent } from '~/data/static-page.server';
import { serverT } from '~/i18n/server-t.server';
import { routePath } from '~/routing/route-path';
import { routeLanguageOf } from '~/routing/slugs';
import { findStaticPage, pageTitleKey, STATIC_PAGES } from '~/routing/static-pages';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { CATALOG_SHARED_SECONDS, sharedCache } from '~/site/cache-headers';

/**
 * Every other path under a locale: a static or pro page by its translated words (spec §2.3), or
 * the not-found page (spec §2.1 catch-all). Words of another route language redirect to the
 * words of the visitor's language.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = siteContext(request, params.locale);
  const segments = (params['*'] ?? '').split('/').filter((s) => s !== '');
  const found = findStaticPage(segments, routeLanguageOf(context.language));
  if (!found) throw new Response('Not found', { status: 404 });
  const canonical = routePath(found.page.name, { locale: context.locale.id, language: context.language });
  if (found.language !== routeLanguageOf(context.language))
    throw redirect(canonical + new URL(request.url).search, 301);
  const content = await staticPageContent(found.page, context);
  if (!content) throw new Response('Not found', { status: 404 });
  const { t } = serverT(context.language);
  const siblings = STATIC_PAGES.filter((p) => p.section === found.page.section).map((p) => ({
    name: p.name,
    title: t(pageTitleKey(p.name)),
    href: routePath(p.name, { locale: context.locale.id, language: context.language }),
  }));
  const page = {
    title: t(pageTitleKey(found.page.name)),
    href: canonical,
    section: t(`footer.sections.${found.page.section}`),
    siblings,
    ...content,
  };
  if (found.page.name !== ECOTIP_PAGE) return { ...page, ecotip: undefined };
  // The EcoTip page adds the live totals of its ledger: kept by shared caches for seconds only.
  return data(
    { ...page, ecotip: await ecoTipTotals(context) },
    {
      headers: {
        'Cache-Control': `public, max-age=0, s-maxage=${ECOTIP_SHARED_SECONDS}, stale-while-revalidate=${ECOTIP_SHARED_SECONDS}`,
      },
    },
  );
}

const ECOTIP_PAGE = 'environment.ecotip';
const ECOTIP_SHARED_SECONDS = 5;

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title ?? 'pricecompare');

export default function StaticPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <main id="main" className="static-page">
      <Breadcrumbs trail={[{ name: page.title, href: page.href }]} />
      <div className="static-layout">
        <nav aria-label={`${page.section} – ${page.title}`} className="section-nav">
          <ul>
            {page.siblings.map((s) => (
              <li key={s.name}>
                {s.href === page.href ? <span aria-current="page">{s.title}</span> : <Link to={s.href}>{s.title}</Link>}
              </li>
            ))}
          </ul>
        </nav>
        {/* Our own markdown from the repository (trusted), rendered on the server. */}
        <div>
          <article className="prose" lang={page.language} dangerouslySetInnerHTML={{ __html: page.html }} />
          {page.ecotip !== undefined ? <EcoTipTotals totals={page.ecotip} /> : null}
        </div>
      </div>
    </main>
  );
}

export const headers = sharedCache(CATALOG_SHARED_SECONDS, []);

export const ErrorBoundary = RouteErrorBoundary;
