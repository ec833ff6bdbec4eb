import { Link } from '@remix-run/react';
import { useSite } from '~/site/use-site';

/** The two promotional banners of spec §2.6: about the company, and the environment. */
export function Banners() {
  const { t, route } = useSite();
  return (
    <section className="banners" aria-label={t('home.bannersLabel')}>
      <article className="banner">
        <h2>{t('home.bannerCompanyTitle')}</h2>
        <p>{t('home.bannerCompanyText')}</p>
        <Link to={route('about.company')}>{t('home.learnMoreCompany')}</Link>
      </article>
      <article className="banner banner-green">
        <h2>{t('home.bannerEnvironmentTitle')}</h2>
        <p>{t('home.bannerEnvironmentText')}</p>
        <Link to={route('environment')}>{t('home.learnMoreEnvironment')}</Link>
      </article>
    </section>
  );
}
