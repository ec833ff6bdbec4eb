import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { FieldError, FormError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { panelPath } from '../panels/panels';
import { evidenceFacts } from '../panels/shopping/evidence-facts';
import { mergeWrites } from '../panels/shopping/merge-writes.server';
import { productOf, textLanguageOf } from '../panels/shopping/product-writes.server';
import { duplicateCandidates } from '../services/catalog-moderation.server';
import { stateOf, type WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'shopping');
  const language = textLanguageOf(new URL(request.url));
  const product = await productOf(params.product ?? '', language);
  const candidates = await duplicateCandidates(context.user.id, product.id, language);
  return data({ product, candidates, language }, { headers: { 'Set-Cookie': context.setCookie } });
}

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  staffWrite(
    request,
    'shopping',
    mergeWrites(params.product ?? '', textLanguageOf(new URL(request.url))),
    context as { clientIp?: unknown },
  );

/**
 * A product's possible duplicates: what the matcher's blocking finds (GTIN, brand + MPN, title
 * keys), each with the matcher's evidence for the pair; any of them, or any product id typed in,
 * is merged into this product after a confirm step that shows the evidence and what moves.
 */
export default function DuplicatesPage() {
  const t = useT();
  const { product, candidates } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  const productPath = panelPath('shopping', `products/${encodeURIComponent(product.id)}`);
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={`${productPath}/duplicates`} />;
  const errors = stateOf(state, 'merge')?.errors as Record<string, string> | undefined;
  return (
    <>
      <p>
        <a href={productPath}>{product.name}</a>
      </p>
      <h1>{t('duplicates.title', { name: product.name })}</h1>
      <p>{t('duplicates.help')}</p>

      <StaffForm intent="merge" className="stacked-form" label={t('duplicates.mergeById')}>
        <FormError errors={errors} />
        <p>
          <label htmlFor="merge-source">{t('duplicates.sourceId')}</label>
          <input
            id="merge-source"
            name="sourceId"
            maxLength={100}
            size={30}
            defaultValue={stateOf(state, 'merge')?.fields.sourceId ?? ''}
            aria-describedby="sourceId-error"
          />
          <FieldError name="sourceId" errors={errors} />
        </p>
        <button type="submit">{t('duplicates.compareAndMerge')}</button>
      </StaffForm>

      <h2>{t('duplicates.candidates')}</h2>
      {candidates.length === 0 ? (
        <p>{t('duplicates.none')}</p>
      ) : (
        <ul className="duplicates">
          {candidates.map((candidate) => (
            <li key={candidate.id}>
              <h3>
                <a href={panelPath('shopping', `products/${encodeURIComponent(candidate.id)}`)}>{candidate.name}</a>{' '}
                <small>
                  ({candidate.id}; {candidate.brand || t('app.none')}; {t('duplicates.foundBy')}:{' '}
                  {candidate.evidence.foundBy.map((how) => t(`duplicates.foundBy.${how}`)).join(', ')})
                </small>
              </h3>
              <dl className="facts">
                {evidenceFacts(candidate.evidence, t).map((fact) => (
                  <div key={fact.label}>
                    <dt>{fact.label}</dt>
                    <dd>{fact.value || t('app.none')}</dd>
                  </div>
                ))}
              </dl>
              <StaffForm intent="merge" className="inline-form" label={t('duplicates.merge', { name: candidate.name })}>
                <input type="hidden" name="sourceId" value={candidate.id} />
                <button type="submit">{t('duplicates.merge', { name: candidate.name })}</button>
              </StaffForm>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
