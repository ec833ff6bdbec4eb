import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { Flash } from '../components/Flash';
import { FieldError, FormError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { flattenTree, subtreeIds } from '../panels/shopping/category-options';
import { CATEGORY_TEXT_LIMITS } from '../panels/shopping/category-text-limits';
import { categoryOf, categoryWrites } from '../panels/shopping/category-writes.server';
import { textLanguageOf } from '../panels/shopping/product-writes.server';
import { TEXT_LANGUAGES } from '../panels/shopping/text-languages';
import { panelPath } from '../panels/panels';
import { categoryTree } from '../services/categories.server';
import { stateOf, type WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'shopping');
  const url = new URL(request.url);
  const [category, tree] = await Promise.all([categoryOf(params.category ?? ''), categoryTree('en')]);
  const inside = subtreeIds(tree, category.id);
  const parents = flattenTree(tree).filter((option) => !inside.has(option.id));
  return data(
    { category, parents, language: textLanguageOf(url), done: url.searchParams.has('done') },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  staffWrite(request, 'shopping', categoryWrites(params.category ?? ''), context as { clientIp?: unknown });

/**
 * One category: its names per language (rename one: its description and metas stay), one
 * language's texts at a time (`?language=de`: name, description, metas), its place in the tree
 * (move it), its Google taxonomy id (map it).
 */
export default function CategoryPage() {
  const t = useT();
  const { category, parents, language, done } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  const here = panelPath('shopping', `categories/${encodeURIComponent(category.id)}`);
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={`${here}?language=${language}`} />;
  const errorsOf = (intent: string) => stateOf(state, intent)?.errors as Record<string, string> | undefined;
  const version = <input type="hidden" name="version" value={category.version} />;
  const texts = category.texts[language];
  const textErrors = errorsOf('texts');
  const textValue = (name: string, current: string) => stateOf(state, 'texts')?.fields[name] ?? current;
  const describedBy = (name: string, errors?: Record<string, string>) => (errors?.[name] ? `${name}-error` : undefined);
  return (
    <>
      <p>
        <a href={panelPath('shopping', 'categories')}>{t('categories.title')}</a>
      </p>
      <h1>{category.names.en}</h1>
      <Flash done={done} />
      <dl className="facts">
        <dt>{t('categories.path')}</dt>
        <dd>{category.path.join(' › ')}</dd>
        <dt>{t('categories.products')}</dt>
        <dd>{category.productsCount}</dd>
        <dt>{t('categories.google')}</dt>
        <dd className="google-id">{category.googleProductCategoryId || t('app.none')}</dd>
      </dl>

      <h2>{t('categories.names')}</h2>
      <table className="category-names">
        <caption>{t('categories.names')}</caption>
        <tbody>
          {TEXT_LANGUAGES.map((language) => (
            <tr key={language}>
              <th scope="row">{t(`categories.name.${language}`)}</th>
              <td lang={language}>{category.names[language]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <StaffForm intent="rename" label={t('categories.rename')}>
        {version}
        <FormError errors={errorsOf('rename')} />
        <label htmlFor="rename-language">{t('categories.language')}</label>
        <select id="rename-language" name="language" defaultValue={stateOf(state, 'rename')?.fields.language ?? 'de'}>
          {TEXT_LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {t(`categories.name.${language}`)}
            </option>
          ))}
        </select>
        <label>
          {t('categories.newName')}{' '}
          <input
            name="name"
            maxLength={CATEGORY_TEXT_LIMITS.name}
            defaultValue={stateOf(state, 'rename')?.fields.name ?? ''}
            aria-describedby={describedBy('name', errorsOf('rename'))}
          />
        </label>
        <FieldError name="name" errors={errorsOf('rename')} />
        <FieldError name="translations" errors={errorsOf('rename')} />
        <button type="submit">{t('categories.rename')}</button>
      </StaffForm>

      <h2 id="category-texts">{t('categories.texts')}</h2>
      <nav aria-label={t('categories.textLanguage')}>
        {t('categories.textLanguage')}:{' '}
        {TEXT_LANGUAGES.map((code) => (
          <a
            key={code}
            href={`${here}?language=${code}#category-texts`}
            aria-current={code === language ? 'page' : undefined}
          >
            {code}
          </a>
        )).flatMap((link, i) => (i === 0 ? [link] : [' · ', link]))}
      </nav>
      {texts.own ? null : <p className="notice">{t('categories.noTexts', { language })}</p>}
      <StaffForm intent="texts" className="stacked-form" label={t('categories.texts')}>
        {version}
        <input type="hidden" name="language" value={language} />
        <FormError errors={textErrors} />
        <p>
          <label htmlFor="texts-name">
            {t('categories.textName')} ({language})
          </label>
          <input
            id="texts-name"
            name="name"
            maxLength={CATEGORY_TEXT_LIMITS.name}
            size={60}
            defaultValue={textValue('name', texts.name)}
            aria-describedby={describedBy('name', textErrors)}
          />
          <FieldError name="name" errors={textErrors} />
        </p>
        <p>
          <label htmlFor="texts-description">
            {t('categories.description')} ({language})
          </label>
          <textarea
            id="texts-description"
            name="description"
            rows={6}
            cols={60}
            maxLength={CATEGORY_TEXT_LIMITS.description}
            defaultValue={textValue('description', texts.description)}
            aria-describedby={describedBy('description', textErrors)}
          />
          <FieldError name="description" errors={textErrors} />
        </p>
        <p>
          <label htmlFor="texts-metaTitle">
            {t('categories.metaTitle')} ({language})
          </label>
          <input
            id="texts-metaTitle"
            name="metaTitle"
            maxLength={CATEGORY_TEXT_LIMITS.metaTitle}
            size={60}
            defaultValue={textValue('metaTitle', texts.metaTitle)}
            aria-describedby={describedBy('metaTitle', textErrors)}
          />
          <FieldError name="metaTitle" errors={textErrors} />
        </p>
        <p>
          <label htmlFor="texts-metaDescription">
            {t('categories.metaDescription')} ({language})
          </label>
          <textarea
            id="texts-metaDescription"
            name="metaDescription"
            rows={3}
            cols={60}
            maxLength={CATEGORY_TEXT_LIMITS.metaDescription}
            defaultValue={textValue('metaDescription', texts.metaDescription)}
            aria-describedby={describedBy('metaDescription', textErrors)}
          />
          <FieldError name="metaDescription" errors={textErrors} />
        </p>
        <p>
          <label htmlFor="texts-keywords">
            {t('categories.keywords')} ({language})
          </label>
          <span className="field-help" id="keywords-help">
            {t('categories.keywordsHelp')}
          </span>
          <input
            id="texts-keywords"
            name="keywords"
            size={60}
            defaultValue={textValue('keywords', texts.keywords.join(', '))}
            aria-describedby={['keywords-help', describedBy('keywords', textErrors)].filter(Boolean).join(' ')}
          />
          <FieldError name="keywords" errors={textErrors} />
        </p>
        <button type="submit">{t('categories.saveTexts')}</button>
      </StaffForm>

      <h2>{t('categories.move')}</h2>
      <StaffForm intent="move" label={t('categories.move')}>
        {version}
        <FormError errors={errorsOf('move')} />
        <label htmlFor="move-parent">{t('categories.parent')}</label>
        <select id="move-parent" name="parentId" defaultValue={category.parentId}>
          <option value="">{t('categories.root')}</option>
          {parents.map((option) => (
            <option key={option.id} value={option.id}>
              {`${'— '.repeat(option.depth)}${option.name}`}
            </option>
          ))}
        </select>
        <FieldError name="parent_id" errors={errorsOf('move')} />
        <button type="submit">{t('categories.move')}</button>
      </StaffForm>

      <h2>{t('categories.map')}</h2>
      <StaffForm intent="map" label={t('categories.map')}>
        {version}
        <FormError errors={errorsOf('map')} />
        <label>
          {t('categories.google')}{' '}
          <input
            name="googleProductCategoryId"
            inputMode="numeric"
            size={9}
            defaultValue={stateOf(state, 'map')?.fields.googleProductCategoryId ?? category.googleProductCategoryId}
            aria-describedby="googleProductCategoryId-error"
          />
        </label>
        <FieldError name="googleProductCategoryId" errors={errorsOf('map')} />
        <FieldError name="google_product_category_id" errors={errorsOf('map')} />
        <button type="submit">{t('categories.map')}</button>
      </StaffForm>

      <h2>{t('categories.delete')}</h2>
      {category.childrenCount === 0 && category.productsCount === 0 ? (
        <StaffForm intent="delete" label={t('categories.delete')}>
          {version}
          <FormError errors={errorsOf('delete')} />
          <button type="submit">{t('categories.delete')}</button>
        </StaffForm>
      ) : (
        <p>{t('categories.notEmpty')}</p>
      )}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
