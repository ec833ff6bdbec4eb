import { Link } from '@remix-run/react';
import { useSite } from '~/site/use-site';

/** A favourites page: the sign-in invitation for visitors, the (empty) list for users. */
export function FavouritesView({ title, signedIn, here }: { title: string; signedIn: boolean; here: string }) {
  const { t, route } = useSite();
  return (
    <main id="main" className="narrow">
      <h1>{title}</h1>
      <nav className="chips" aria-label={t('favourites.title')}>
        <Link to={route('favourites')}>{t('favourites.title')}</Link> <Link to={route('favourites.all')}>{t('favourites.all')}</Link>
      </nav>
      {signedIn ? (
        <p>{t('favourites.empty')}</p>
      ) : (
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
