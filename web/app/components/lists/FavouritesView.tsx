import { Link } from '@remix-run/react';
import { ProductCard } from '~/components/cards/ProductCard';
import type { ProductCardData } from '~/data/cards';
import type { SavedPriceView } from '~/data/favourites-saved-prices.server';
import type { FavouriteListView } from '~/data/favourites.server';
import { useSite } from '~/site/use-site';
import { useCount } from '../common/Count';
import { SavedPriceNote } from '../favourites/SavedPriceNote';

interface FavouritesViewProps {
  readonly title: string;
  readonly signedIn: boolean;
  readonly here: string;
  readonly kind: 'index' | 'all' | 'list';
  readonly lists: readonly FavouriteListView[] | null;
  readonly products: readonly ProductCardData[] | null;
  /** How each product's price moved since it was saved, by product id (ADR 143). */
  readonly saved: Readonly<Record<string, SavedPriceView>>;
  readonly total: number;
  /** The list is the viewer's own (a link to manage it). */
  readonly owned: boolean;
}

/** A favourites page: the user's lists, or a list's products; the sign-in invitation for visitors. */
export function FavouritesView({ title, signedIn, here, lists, products, saved, total, owned }: FavouritesViewProps) {
  const { t, route } = useSite();
  const count = useCount();
  return (
    <main id="main">
      <h1>{title}</h1>
      <nav className="chips" aria-label={t('favourites.title')}>
        <Link to={route('favourites')}>{t('favourites.title')}</Link>{' '}
        <Link to={route('favourites.all')}>{t('favourites.all')}</Link>{' '}
        {signedIn ? <Link to={route('account.favourites')}>{t('favourites.manage')}</Link> : null}
      </nav>
      {lists ? (
        <ul className="favourite-lists">
          {lists.map((list) => (
            <li key={list.id}>
              <Link to={route('favourites.list', { list: list.id })}>{list.name}</Link>{' '}
              <span className="muted">{count('counts.products', list.count)}</span>
              {list.isPublic ? <span className="badge">{t('favourites.public')}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {lists && lists.length === 0 ? <p>{t('favourites.empty')}</p> : null}
      {products ? (
        <>
          <h2 className="results-count">{count('counts.products', total)}</h2>
          {products.length > 0 ? (
            <ul className="product-grid">
              {products.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} />
                  <SavedPriceNote saved={saved[product.id]} />
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('favourites.empty')}</p>
          )}
          {owned ? null : <p className="muted">{t('favourites.sharedList')}</p>}
        </>
      ) : null}
      {signedIn || products ? null : (
        <div className="notice">
          <p>{t('favourites.signInPrompt')}</p>
          <p>
            <Link to={route('login', {}, { redirect: here })} className="button primary">
              {t('favourites.signIn')}
            </Link>
          </p>
        </div>
      )}
      <p className="muted">
        <Link to={route('home')}>{t('favourites.recentlyViewedHint')}</Link>
      </p>
    </main>
  );
}
