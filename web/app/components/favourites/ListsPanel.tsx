import { Link } from '@remix-run/react';
import { CheckField } from '~/components/auth/CheckField';
import { Field } from '~/components/auth/Field';
import { PageForm } from '~/components/forms/PageForm';
import type { FavouriteListView } from '~/data/favourites.server';
import { newListForm } from '~/favourites/forms';
import { useSite } from '~/site/use-site';
import { useCount } from '../common/Count';

/** The user's named lists (the selected one marked) and the form for a new one. */
export function ListsPanel({ lists, selectedId }: { lists: readonly FavouriteListView[]; selectedId: string }) {
  const { t, route } = useSite();
  const count = useCount();
  return (
    <aside className="lists-panel" aria-labelledby="lists-heading">
      <h2 id="lists-heading">{t('favourites.lists')}</h2>
      {lists.length === 0 ? <p className="muted">{t('favourites.empty')}</p> : null}
      <ul className="favourite-lists">
        {lists.map((list) => (
          <li key={list.id}>
            <Link
              to={`${route('account.favourites')}?list=${encodeURIComponent(list.id)}`}
              aria-current={list.id === selectedId ? 'page' : undefined}
            >
              {list.name}
            </Link>{' '}
            <span className="muted">{count('counts.products', list.count)}</span>
          </li>
        ))}
      </ul>
      <PageForm schema={newListForm} intent="create" submit={t('favourites.createList')} submitClassName="" resetOnDone>
        {(errors) => (
          <>
            <Field
              idPrefix="new-list"
              name="name"
              label={t('favourites.newList')}
              maxLength={100}
              error={errors.name}
            />
            <CheckField idPrefix="new-list" name="public" label={t('favourites.makePublic')} />
          </>
        )}
      </PageForm>
    </aside>
  );
}
