import type { TFunction } from 'i18next';
import { cachedT } from './cached-t';
import { i18nFor } from './i18n';
import { messageBundle } from './messages.server';

describe('cachedT (texts remembered per language)', () => {
  const calls: unknown[][] = [];
  const i18n = i18nFor('de', messageBundle('de'));
  const counting = ((key: string, options?: unknown) => {
    calls.push([key, options]);
    return i18n.getFixedT('de')(key, options as never);
  }) as unknown as TFunction;
  // A language of its own in the memo, so other tests' texts do not answer for these.
  const t = cachedT('de-cached-t-test', counting);

  beforeEach(() => (calls.length = 0));

  it('answers what i18next answers, asking it once per key and plain options', () => {
    const direct = i18n.getFixedT('de');
    expect(t('counts.offers.many', { count: 12, n: '12' })).toBe(direct('counts.offers.many', { count: 12, n: '12' }));
    expect(t('counts.offers.many', { count: 12, n: '12' })).toBe(direct('counts.offers.many', { count: 12, n: '12' }));
    expect(t('nav.skipToContent')).toBe(direct('nav.skipToContent'));
    expect(t('nav.skipToContent')).toBe(direct('nav.skipToContent'));
    expect(calls).toHaveLength(2);
  });

  it('keeps texts of other values apart', () => {
    const twelve = t('counts.offers.many', { count: 12, n: '12' });
    const thirteen = t('counts.offers.many', { count: 13, n: '13' });
    expect(twelve).toContain('12');
    expect(thirteen).toContain('13');
    expect(t('counts.offers.many', { count: 12, n: '12' })).toBe(twelve);
  });

  it('asks i18next every time for options that are not plain values', () => {
    t('counts.offers.many', { count: 2, n: { toString: () => '2' } });
    t('counts.offers.many', { count: 2, n: { toString: () => '2' } });
    expect(calls).toHaveLength(2);
  });
});
