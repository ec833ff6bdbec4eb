import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { FormError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { deadLetterWrites } from '../panels/infrastructure/dead-letter-writes.server';
import { panelPath } from '../panels/panels';
import { deadLetter } from '../services/event-bus.server';
import type { WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'infrastructure');
  const id = new URL(request.url).searchParams.get('id') ?? '';
  return data(
    { letter: await deadLetter(context.user.id, id), back: panelPath('infrastructure', 'dead-letters') },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  staffWrite(request, 'infrastructure', deadLetterWrites(), context as { clientIp?: unknown });

/** One dead letter: where it came from, the error, its headers and value; replay or discard. */
export default function DeadLetterDetail() {
  const t = useT();
  const { letter, back } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={back} />;
  return (
    <>
      <h1>{t('deadLetters.inspectTitle', { topic: letter.originalTopic, key: letter.key })}</h1>
      <FormError errors={state?.errors} />
      <dl className="facts">
        <dt>{t('deadLetters.id')}</dt>
        <dd>{letter.id}</dd>
        <dt>{t('deadLetters.originalTopic')}</dt>
        <dd>{letter.originalTopic}</dd>
        <dt>{t('deadLetters.key')}</dt>
        <dd>{letter.key}</dd>
        <dt>{t('deadLetters.at')}</dt>
        <dd>{letter.at}</dd>
        <dt>{t('deadLetters.attempts')}</dt>
        <dd>{letter.attempts}</dd>
        <dt>{t('deadLetters.error')}</dt>
        <dd>{letter.error}</dd>
        <dt>{t('deadLetters.headers')}</dt>
        <dd>
          {Object.entries(letter.headers)
            .map(([name, value]) => `${name}: ${value}`)
            .join('; ') || t('app.none')}
        </dd>
      </dl>
      <h2>{t('deadLetters.value', { bytes: letter.valueBytes })}</h2>
      <pre className="json">{letter.value}</pre>
      <StaffForm intent="replay" className="inline-form" label={t('deadLetters.replay', { key: letter.key })}>
        <input type="hidden" name="id" value={letter.id} />
        <button type="submit">{t('deadLetters.replay', { key: letter.key })}</button>
      </StaffForm>
      <StaffForm intent="discard" className="inline-form" label={t('deadLetters.discard', { key: letter.key })}>
        <input type="hidden" name="id" value={letter.id} />
        <button type="submit">{t('deadLetters.discard', { key: letter.key })}</button>
      </StaffForm>
      <p>
        <a href={back}>{t('app.back')}</a>
      </p>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
