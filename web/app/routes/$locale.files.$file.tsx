import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { fileInfo } from '~/data/files.server';
import { formatNumber } from '~/i18n/format';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';

export async function loader({ request, params }: LoaderFunctionArgs) {
  siteContext(request, params.locale);
  const file = await fileInfo(params.file ?? '');
  if (!file) throw new Response('Not found', { status: 404 });
  return file;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.name ?? 'File');

/** {locale}/files/{file}: what a file is, and its download (spec §2.2). */
export default function FilePage() {
  const file = useLoaderData<typeof loader>();
  const { t, tag } = useSite();
  return (
    <main id="main" className="narrow">
      <h1>{file.name}</h1>
      <dl className="features">
        <div>
          <dt>{t('files.type')}</dt>
          <dd>{file.type}</dd>
        </div>
        <div>
          <dt>{t('files.size')}</dt>
          <dd>{formatNumber(file.size, tag)} B</dd>
        </div>
      </dl>
      <p>
        <a href={`/files/${encodeURIComponent(file.name)}`} download className="button primary">
          {t('files.download')}
        </a>
      </p>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
