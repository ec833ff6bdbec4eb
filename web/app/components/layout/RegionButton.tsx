import { Link, useLocation } from '@remix-run/react';
import { useState } from 'react';
import { countryOf } from '~/i18n/regions';
import { useSite } from '~/site/use-site';
import { RegionModal } from './RegionModal';

/**
 * Opens the region modal (country and language, spec §2.6). Without JavaScript it is a link to
 * the region page, which shows the same form.
 */
export function RegionButton() {
  const { t, route, locale, language } = useSite();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const back = location.pathname + location.search;
  const country = countryOf(locale.country);
  return (
    <>
      <Link
        to={`${route('home')}/region?back=${encodeURIComponent(back)}`}
        className="region-button"
        aria-haspopup="dialog"
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        <span aria-hidden="true">{country?.emoji}</span> {t(`region.countries.${locale.country}`)} ·{' '}
        {language.toUpperCase()}
        <span className="visually-hidden"> — {t('region.change')}</span>
      </Link>
      {open ? <RegionModal back={back} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
