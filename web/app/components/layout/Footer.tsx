import { Link } from '@remix-run/react';
import { pageTitleKey, STATIC_PAGES, type StaticPage } from '~/routing/static-pages';
import { useSite } from '~/site/use-site';
import { RegionButton } from './RegionButton';
import { ThemeToggle } from './ThemeToggle';

const COLUMNS: readonly StaticPage['section'][] = ['about', 'environment', 'help', 'pro'];

/**
 * Footer of spec §2.6: link columns (the first the deals and promotions pages, ADR 142), logo,
 * theme toggle, region, legal links, copyright year.
 */
export function Footer() {
  const { t, route, year } = useSite();
  return (
    <footer className="site-footer">
      <div className="footer-columns">
        <nav aria-labelledby="footer-savings">
          <h2 id="footer-savings">{t('deals.footerLabel')}</h2>
          <ul>
            <li>
              <Link to={route('deals')}>{t('nav.deals')}</Link>
            </li>
            <li>
              <Link to={route('promotions')}>{t('nav.promotions')}</Link>
            </li>
          </ul>
        </nav>
        {COLUMNS.map((section) => (
          <nav key={section} aria-labelledby={`footer-${section}`}>
            <h2 id={`footer-${section}`}>{t(`footer.sections.${section}`)}</h2>
            <ul>
              {STATIC_PAGES.filter((p) => p.section === section).map((p) => (
                <li key={p.name}>
                  <Link to={route(p.name)}>{t(pageTitleKey(p.name))}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="footer-bar">
        <span className="logo" aria-hidden="true">
          ◆ pricecompare
        </span>
        <ThemeToggle />
        <RegionButton />
        <nav aria-label={t('footer.legal')} className="legal-links">
          <Link to={route('legal')}>{t(pageTitleKey('legal'))}</Link>
          <Link to={route('legal.terms-of-use')}>{t('footer.terms')}</Link>
          <Link to={route('legal.data-protection')}>{t('footer.privacy')}</Link>
          <Link to={route('legal.imprint')}>{t('footer.imprint')}</Link>
        </nav>
        <p className="copyright">{t('footer.copyright', { year })}</p>
      </div>
    </footer>
  );
}
