import { useEffect, useState } from 'react';
import { nextTheme, readPreference, resolveTheme, THEME_STORAGE_KEY, type ThemePreference } from '~/theme/theme';
import { useSite } from '~/site/use-site';

function apply(preference: ThemePreference) {
  const dark = matchMedia('(prefers-color-scheme: dark)').matches;
  document.documentElement.dataset.theme = resolveTheme(preference, new Date().getHours(), dark);
}

/**
 * The theme switcher (spec §2.8, §4): a button cycling dark → light → system, and the
 * time-based option. The stored preference is read after hydration (the server cannot know
 * it); the boot script in <head> already painted the right theme.
 */
export function ThemeToggle() {
  const { t } = useSite();
  const [preference, setPreference] = useState<ThemePreference | null>(null);
  useEffect(() => setPreference(readPreference(localStorage.getItem(THEME_STORAGE_KEY))), []);

  const choose = (next: ThemePreference) => {
    if (next === 'system')
      localStorage.removeItem(THEME_STORAGE_KEY); // system = no stored preference
    else localStorage.setItem(THEME_STORAGE_KEY, next);
    setPreference(next);
    apply(next);
  };
  const shown = preference ?? 'system';
  return (
    <div className="theme-switcher">
      <button
        type="button"
        onClick={() => choose(nextTheme(shown))}
        aria-label={t('theme.toggle', { mode: t(`theme.${shown}`) })}
      >
        <span aria-hidden="true">
          {shown === 'dark' ? '☾' : shown === 'light' ? '☀' : shown === 'time' ? '◷' : '◐'}
        </span>{' '}
        <span className="theme-label">{t(`theme.${shown}`)}</span>
      </button>
      <label>
        <input
          type="checkbox"
          checked={shown === 'time'}
          onChange={(e) => choose(e.target.checked ? 'time' : 'system')}
        />{' '}
        {t('theme.night')}
      </label>
    </div>
  );
}
