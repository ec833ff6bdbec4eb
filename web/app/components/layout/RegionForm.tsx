import { COUNTRIES, INTERFACE_LANGUAGES } from '~/i18n/regions';
import { useSite } from '~/site/use-site';

/**
 * Country and language, confirmed with Ok (spec §2.6). A plain GET form to /region, which
 * redirects to the same page in the chosen locale (or the country's host).
 */
export function RegionForm({ back }: { back: string }) {
  const { t, locale, language } = useSite();
  // The country selector is disabled when at most one country exists (spec §2.8).
  const single = COUNTRIES.length <= 1;
  return (
    <form method="get" action="/region" className="region-form">
      <input type="hidden" name="back" value={back} />
      <label>
        {t('region.country')}
        <select name="country" defaultValue={locale.country} disabled={single}>
          {COUNTRIES.map((c) => (
            <option key={c.id} value={c.id}>
              {c.emoji} {t(`region.countries.${c.id}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('region.language')}
        <select name="language" defaultValue={language}>
          {INTERFACE_LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {t(`region.languages.${l}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="primary">
        {t('common.ok')}
      </button>
    </form>
  );
}
