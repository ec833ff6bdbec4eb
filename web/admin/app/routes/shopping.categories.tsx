import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { Flash } from '../components/Flash';
import { FieldError, FormError, StaffForm } from '../components/staff-form';
import { pickLanguage } from '../i18n/language.server';
import { useT } from '../i18n/use-t';
import { flattenTree, type CategoryTreeNode } from '../panels/shopping/category-options';
import { categoryTreeWrites } from '../panels/shopping/category-writes.server';
import { isTextLanguage } from '../panels/shopping/text-languages';
import { panelPath } from '../panels/panels';
import { categoryTree } from '../services/categories.server';
import { stateOf, type WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'shopping');
  const { language } = await pickLanguage(request);
  const tree = await categoryTree(isTextLanguage(language) ? language : 'en');
  const url = new URL(request.url);
  return data(
    { tree, parent: url.searchParams.get('parent') ?? '', done: url.searchParams.has('done') },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  staffWrite(request, 'shopping', categoryTreeWrites, context as { clientIp?: unknown });

function Branch(props: { readonly nodes: readonly CategoryTreeNode[] }) {
  return (
    <ul>
      {props.nodes.map((node) => (
        <li key={node.id}>
          <a href={panelPath('shopping', `categories/${encodeURIComponent(node.id)}`)}>{node.name}</a>{' '}
          <small>({node.productsCount})</small>
          {node.children.length > 0 ? <Branch nodes={node.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** The category tree (one tree, named in the page's language) and a new category under any parent. */
export default function Categories() {
  const t = useT();
  const { tree, parent, done } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={panelPath('shopping', 'categories')} />;
  const create = stateOf(state, 'create');
  const errors = create?.errors as Record<string, string> | undefined;
  const field = (name: string, fallback = '') => create?.fields[name] ?? fallback;
  return (
    <>
      <h1>{t('categories.title')}</h1>
      <Flash done={done} />
      <nav className="category-tree" aria-label={t('categories.title')}>
        {tree.length === 0 ? <p>{t('table.empty')}</p> : <Branch nodes={tree} />}
      </nav>

      <h2>{t('categories.new')}</h2>
      <StaffForm intent="create" label={t('categories.new')}>
        <FormError errors={errors} />
        <FieldError name="translations" errors={errors} />
        <label htmlFor="category-parent">{t('categories.parent')}</label>
        <select id="category-parent" name="parentId" defaultValue={field('parentId', parent)}>
          <option value="">{t('categories.root')}</option>
          {flattenTree(tree).map((option) => (
            <option key={option.id} value={option.id}>
              {`${'— '.repeat(option.depth)}${option.name}`}
            </option>
          ))}
        </select>
        <label>
          {t('categories.name.en')}{' '}
          <input name="nameEn" maxLength={200} defaultValue={field('nameEn')} aria-describedby="nameEn-error" />
        </label>
        <FieldError name="nameEn" errors={errors} />
        <label>
          {t('categories.name.de')}{' '}
          <input name="nameDe" maxLength={200} defaultValue={field('nameDe')} aria-describedby="nameDe-error" />
        </label>
        <FieldError name="nameDe" errors={errors} />
        <label>
          {t('categories.google')}{' '}
          <input
            name="googleProductCategoryId"
            inputMode="numeric"
            size={9}
            defaultValue={field('googleProductCategoryId')}
            aria-describedby="googleProductCategoryId-error"
          />
        </label>
        <FieldError name="googleProductCategoryId" errors={errors} />
        <FieldError name="google_product_category_id" errors={errors} />
        <button type="submit">{t('categories.create')}</button>
      </StaffForm>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
