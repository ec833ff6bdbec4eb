import { isNightHour, nextTheme, readPreference, resolveTheme, THEME_BOOT_SCRIPT } from './theme';

describe('theme', () => {
  it('cycles dark → light → system → dark', () => {
    expect(nextTheme('dark')).toBe('light');
    expect(nextTheme('light')).toBe('system');
    expect(nextTheme('system')).toBe('dark');
  });

  it('is dark at night in the time-based option: from 21:00 until before 07:00', () => {
    expect([20, 21, 23, 0, 6, 7].map(isNightHour)).toEqual([false, true, true, true, true, false]);
    expect(resolveTheme('time', 22, false)).toBe('dark');
    expect(resolveTheme('time', 12, true)).toBe('light');
  });

  it('follows the OS for system and nothing stored', () => {
    expect(resolveTheme(readPreference(null), 12, true)).toBe('dark');
    expect(resolveTheme(readPreference('bogus'), 12, false)).toBe('light');
    expect(resolveTheme('light', 23, true)).toBe('light');
  });

  it('boots in <head> with the same rules', () => {
    const run = (stored: string | null, hour: number, systemDark: boolean): string => {
      const element = { dataset: {} as Record<string, string> };
      const fakeDate = function (this: unknown) {
        return { getHours: () => hour };
      };
      new Function('localStorage', 'matchMedia', 'document', 'Date', THEME_BOOT_SCRIPT)(
        { getItem: () => stored },
        () => ({ matches: systemDark }),
        { documentElement: element },
        fakeDate,
      );
      return element.dataset.theme ?? '';
    };
    for (const stored of [null, 'dark', 'light', 'time']) {
      for (const hour of [3, 12, 22]) {
        for (const systemDark of [true, false]) {
          expect(run(stored, hour, systemDark)).toBe(resolveTheme(readPreference(stored), hour, systemDark));
        }
      }
    }
  });
});
