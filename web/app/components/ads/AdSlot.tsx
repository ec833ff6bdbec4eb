import type { AdView } from '~/data/ad-slots.server';
import { useSite } from '~/site/use-site';
import { useAdImpression } from './use-ad-impression';

/**
 * A page's advertisement slot (spec §2.4), marked as sponsored; nothing when there is no ad. What
 * the visitor sees of it is counted from the browser (ADR 104).
 */
export function AdSlot({ ads, placement }: { ads: readonly AdView[] | null | undefined; placement: string }) {
  const { t } = useSite();
  const slot = useAdImpression(ads?.map((ad) => ad.id) ?? []);
  if (!ads || ads.length === 0) return null;
  return (
    <aside ref={slot} className="ad-slot" data-placement={placement} aria-label={t('ads.sponsored')}>
      {ads.map((ad) => (
        <a key={ad.id} className="ad" href={ad.href} rel="nofollow sponsored noopener" target="_blank">
          {ad.image ? <img src={ad.image} alt="" loading="lazy" width={96} height={96} /> : null}
          <span className="ad-label">{t('ads.sponsored')}</span>
          <strong>{ad.title}</strong>
          {ad.text ? <span>{ad.text}</span> : null}
        </a>
      ))}
    </aside>
  );
}
