import { Link } from '@remix-run/react';
import { CheckField } from '~/components/auth/CheckField';
import { Field } from '~/components/auth/Field';
import { ProductCard } from '~/components/cards/ProductCard';
import { PageForm } from '~/components/forms/PageForm';
import type { ProductCardData } from '~/data/cards';
import type { SavedPriceView } from '~/data/favourites-saved-prices.server';
import type { FavouriteListView } from '~/data/favourites.server';
import { deleteListForm, removeFavouriteForm, renameListForm } from '~/favourites/forms';
import { useSite } from '~/site/use-site';
import { SavedPriceNote } from './SavedPriceNote';

/**
 * One of the user's lists: rename or share it, delete it (not the default list), remove products;
 * each product with how its price moved since it was saved (ADR 143).
 */
export function ListEditor({
  list,
  products,
  saved,
}: {
  list: FavouriteListView;
  products: readonly ProductCardData[];
  saved: Readonly<Record<string, SavedPriceView>>;
}) {
  const { t, route } = useSite();
  return (
    <section className="list-editor" aria-labelledby="list-heading">
      <h2 id="list-heading">{list.name}</h2>
      <p>
        <Link to={route('favourites.list', { list: list.id })}>
          {list.isPublic ? t('favourites.publicLink') : t('favourites.view')}
        </Link>
      </p>
      <details>
        <summary>{t('favourites.renameList')}</summary>
        <PageForm
          schema={renameListForm}
          intent="rename"
          submit={t('favourites.saveList')}
          submitClassName=""
          hidden={{ list_id: list.id }}
        >
          {(errors) => (
            <>
              <Field
                idPrefix="rename"
                name="name"
                label={t('favourites.listName')}
                defaultValue={list.name}
                maxLength={100}
                error={errors.name}
              />
              <CheckField
                idPrefix="rename"
                name="public"
                label={t('favourites.makePublic')}
                defaultChecked={list.isPublic}
              />
            </>
          )}
        </PageForm>
      </details>
      {list.isDefault ? null : (
        <PageForm
          schema={deleteListForm}
          intent="delete-list"
          submit={t('favourites.deleteList')}
          submitClassName="danger"
          className="inline-form"
          hidden={{ list_id: list.id }}
        />
      )}
      {products.length === 0 ? <p>{t('favourites.emptyList')}</p> : null}
      <ul className="product-grid">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
            <SavedPriceNote saved={saved[product.id]} />
            <PageForm
              schema={removeFavouriteForm}
              intent="remove"
              submit={t('favourites.remove')}
              submitLabel={t('favourites.removeProduct', { name: product.name })}
              submitClassName="small"
              className="inline-form"
              showResult={false}
              hidden={{ list_id: list.id, product_id: product.id }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
