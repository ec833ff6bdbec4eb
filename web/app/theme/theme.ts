/**
 * Theme preference (spec §3, §4): dark, light, system (no stored preference, follow the OS), and
 * the time-based option (dark from 21:00 until 07:00). The toggle cycles dark → light → system.
 */
export type ThemePreference = 'dark' | 'light' | 'system' | 'time';
export type Theme = 'dark' | 'light';

/** The localStorage key of spec §3. */
export const THEME_STORAGE_KEY = 'theme';

const CYCLE: Readonly<Record<ThemePreference, ThemePreference>> = {
  dark: 'light',
  light: 'system',
  system: 'dark',
  time: 'dark',
};

export const nextTheme = (current: ThemePreference): ThemePreference => CYCLE[current];

/** Dark when the hour is over 21 or under 7 (spec §9: 21:00 to 07:00). */
export const isNightHour = (hour: number): boolean => hour >= 21 || hour < 7;

export function resolveTheme(preference: ThemePreference, hour: number, systemPrefersDark: boolean): Theme {
  if (preference === 'dark' || preference === 'light') return preference;
  if (preference === 'time') return isNightHour(hour) ? 'dark' : 'light';
  return systemPrefersDark ? 'dark' : 'light';
}

export function readPreference(stored: string | null): ThemePreference {
  return stored === 'dark' || stored === 'light' || stored === 'time' ? stored : 'system';
}

/**
 * Runs in <head> before the first paint (no flash of the wrong theme): the same rules as above,
 * written out because it runs before any module loads. Kept in sync by theme.test.ts.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var p=localStorage.getItem('${THEME_STORAGE_KEY}');var h=new Date().getHours();var d=p==='dark'||(p==='time'&&(h>=21||h<7))||(p!=='light'&&p!=='time'&&matchMedia('(prefers-color-scheme: dark)').matches);document.documentElement.dataset.theme=d?'dark':'light';}catch(e){}})();`;
