import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { Flash } from '../components/Flash';
import { FieldError, FormError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { panelPath } from '../panels/panels';
import { brandOf, brandWrites } from '../panels/shopping/brand-writes.server';
import { stateOf, type WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'shopping');
  const brand = await brandOf(params.brand ?? '');
  return data(
    { brand, done: new URL(request.url).searchParams.has('done') },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  staffWrite(request, 'shopping', brandWrites(params.brand ?? ''), context as { clientIp?: unknown });

/** One brand: its name, slug and homepage, changed through a confirm step; catalog re-publishes its products. */
export default function BrandPage() {
  const t = useT();
  const { brand, done } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  const here = panelPath('shopping', `brands/${encodeURIComponent(brand.id)}`);
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={here} />;
  const update = stateOf(state, 'update');
  const errors = update?.errors as Record<string, string> | undefined;
  const field = (name: 'name' | 'slug' | 'homepageUrl', label: string, value: string) => (
    <p>
      <label htmlFor={`brand-${name}`}>{label}</label>
      <input
        id={`brand-${name}`}
        name={name}
        size={50}
        defaultValue={update?.fields[name] ?? value}
        aria-describedby={`${name}-error`}
      />
      <FieldError name={name} errors={errors} />
    </p>
  );
  return (
    <>
      <p>
        <a href={panelPath('shopping', 'brands')}>{t('brands.title')}</a>
      </p>
      <h1>{brand.name}</h1>
      <Flash done={done} />
      <p>{t('brands.productsCount', { count: brand.productsCount })}</p>
      <StaffForm intent="update" className="stacked-form" label={t('brands.edit')}>
        <FormError errors={errors} />
        <input type="hidden" name="version" value={String(brand.version)} />
        {field('name', t('brands.name'), brand.name)}
        {field('slug', t('brands.slug'), brand.slug)}
        {field('homepageUrl', t('brands.homepage'), brand.homepageUrl)}
        <button type="submit">{t('products.save')}</button>
      </StaffForm>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
