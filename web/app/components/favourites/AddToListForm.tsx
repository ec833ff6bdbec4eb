import { PageForm } from '~/components/forms/PageForm';
import type { FavouriteListView } from '~/data/favourites.server';
import { addFavouriteForm } from '~/favourites/forms';
import { useSite } from '~/site/use-site';

/** "Add {product} to [list]" — where the product page's favourite button leads without JavaScript. */
export function AddToListForm({
  product,
  lists,
}: {
  product: { id: string; name: string };
  lists: readonly FavouriteListView[];
}) {
  const { t } = useSite();
  return (
    <section className="notice" aria-labelledby="add-heading">
      <h2 id="add-heading">{t('favourites.addTitle', { name: product.name })}</h2>
      <PageForm schema={addFavouriteForm} intent="add" submit={t('favourites.add')} hidden={{ product_id: product.id }}>
        {() =>
          lists.length > 0 ? (
            <label htmlFor="add-list">
              {t('favourites.toList')}
              <select id="add-list" name="list_id" defaultValue={lists.find((l) => l.isDefault)?.id ?? ''}>
                {lists.map((list) => (
                  <option key={list.id} value={list.id}>
                    {list.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null
        }
      </PageForm>
    </section>
  );
}
