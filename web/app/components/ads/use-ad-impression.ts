import { useEffect, useRef } from 'react';
import { apiSend } from '~/site/api-client';

/** How long at least half of a slot must stay on screen to count as seen (the industry's viewable impression). */
const SEEN_AFTER_MS = 1_000;
const HALF = 0.5;

/**
 * Tells the site once that the visitor saw the slot's advertisements (POST /api/ad-impressions,
 * ADR 104): when at least half of the slot has been on screen for a second. Each page view counts
 * its own; affiliates counts a visitor's repeat within a minute once. Where the browser cannot
 * tell what is on screen, the slot counts as seen a second after it is shown.
 */
export function useAdImpression(ids: readonly string[]) {
  const slot = useRef<HTMLElement>(null);
  const key = ids.join(',');
  useEffect(() => {
    const element = slot.current;
    if (!element || key === '') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let told = false;
    const tell = () => {
      if (told) return;
      told = true;
      observer?.disconnect();
      apiSend('POST', '/api/ad-impressions', { ids: key.split(',') }).catch(() => undefined);
    };
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            ([entry]) => {
              clearTimeout(timer);
              // The first entry comes at once, whatever the share on screen: half of it, not any part.
              if (entry?.isIntersecting && entry.intersectionRatio >= HALF) timer = setTimeout(tell, SEEN_AFTER_MS);
            },
            { threshold: HALF },
          )
        : null;
    if (observer) observer.observe(element);
    else timer = setTimeout(tell, SEEN_AFTER_MS);
    return () => {
      clearTimeout(timer);
      observer?.disconnect();
    };
  }, [key]);
  return slot;
}
