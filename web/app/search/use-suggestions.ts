import { useCallback, useEffect, useRef, useState } from 'react';
import { latestOnly } from '~/product/offers-request';
import { movedActive, suggestQuery, type SuggestionItem } from './suggestion-box';

/** Typing pauses this long before the box asks: one request per pause, not per key. */
const PAUSE_MS = 150;

interface Box {
  readonly items: readonly SuggestionItem[];
  readonly open: boolean;
  /** The option the arrow keys chose, -1 for none (the input itself). */
  readonly active: number;
}

const CLOSED: Box = { items: [], open: false, active: -1 };

/**
 * The search box's suggestions (`GET /api/suggest`) while a visitor types: asked after a pause,
 * only the answer to the latest text shown, nothing when offline or on an error.
 */
export function useSuggestions(localeId: string) {
  const [box, setBox] = useState<Box>(CLOSED);
  const tickets = useRef(latestOnly());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const typed = useCallback(
    (value: string) => {
      clearTimeout(timer.current);
      const ticket = tickets.current.next();
      const text = suggestQuery(value);
      if (text === null) return setBox(CLOSED);
      timer.current = setTimeout(() => {
        void (async () => {
          try {
            const response = await fetch(`/api/suggest?q=${encodeURIComponent(text)}&locale=${localeId}`);
            if (!response.ok || !tickets.current.isLatest(ticket)) return;
            const { data } = (await response.json()) as { data: SuggestionItem[] };
            // Typing on while the body arrived makes this answer an old one too.
            if (tickets.current.isLatest(ticket)) setBox({ items: data, open: data.length > 0, active: -1 });
          } catch {
            // Offline or the site away: the box works without suggestions.
          }
        })();
      }, PAUSE_MS);
    },
    [localeId],
  );

  const close = useCallback(() => {
    tickets.current.next();
    clearTimeout(timer.current);
    setBox((current) => (current.open ? { ...current, open: false, active: -1 } : current));
  }, []);

  const move = useCallback(
    (step: 1 | -1) =>
      setBox((current) =>
        current.items.length === 0
          ? current
          : { ...current, open: true, active: movedActive(current.active, current.items.length, step) },
      ),
    [],
  );

  return { ...box, typed, close, move };
}
