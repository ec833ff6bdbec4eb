import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { useT } from '../i18n/use-t';
import { panelPath } from '../panels/panels';
import { postbackById } from '../services/affiliates-postbacks.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'affiliates');
  const postback = await postbackById(context.user.id, params.postback ?? '');
  if (!postback) throw data({ notFound: true }, { status: 404, headers: { 'Set-Cookie': context.setCookie } });
  return data({ postback }, { headers: { 'Set-Cookie': context.setCookie } });
}

/** One received postback: what became of it and its body exactly as the network sent it (never the signature). */
export default function PostbackPage() {
  const t = useT();
  const { postback } = useLoaderData<typeof loader>();
  return (
    <>
      <p>
        <a href={panelPath('affiliates', 'postbacks')}>{t('postbacks.title')}</a>
      </p>
      <h1>{t('postbacks.one', { network: postback.network })}</h1>
      <dl className="facts">
        <dt>{t('postbacks.received')}</dt>
        <dd>
          <time dateTime={postback.receivedAt}>{postback.receivedAt}</time>
        </dd>
        <dt>{t('postbacks.outcome')}</dt>
        <dd>{t(`postbacks.outcome.${postback.outcome}`)}</dd>
        <dt>{t('postbacks.reason')}</dt>
        <dd>{postback.reason || t('app.none')}</dd>
        <dt>{t('postbacks.transactions')}</dt>
        <dd>{postback.transactionIds || t('app.none')}</dd>
        <dt>{t('postbacks.changed')}</dt>
        <dd>{postback.changed}</dd>
        <dt>{t('postbacks.signatureTimestamp')}</dt>
        <dd>{postback.signatureTimestamp || t('app.none')}</dd>
      </dl>
      <h2>{t('postbacks.body', { bytes: String(postback.bodySize) })}</h2>
      {postback.truncated ? <p>{t('postbacks.truncated')}</p> : null}
      <pre
        className="postback-body"
        tabIndex={0}
        aria-label={t('postbacks.body', { bytes: String(postback.bodySize) })}
      >
        {postback.body}
      </pre>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
