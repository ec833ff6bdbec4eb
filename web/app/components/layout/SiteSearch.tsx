import { useLocation, useNavigate, useSearchParams } from '@remix-run/react';
import { useId, type KeyboardEvent } from 'react';
import { MAX_SEARCH_LENGTH } from '~/search/search-limits';
import type { SuggestionItem } from '~/search/suggestion-box';
import { useSuggestions } from '~/search/use-suggestions';
import { useSite } from '~/site/use-site';

/**
 * The masthead's site search (spec §2.6): a plain GET form to the search page, and with
 * JavaScript a combobox that suggests others' searches, products, brands and categories while the visitor types
 * (arrow keys choose, Enter follows one, Enter alone searches, Escape closes).
 */
export function SiteSearch() {
  const { t, route, locale } = useSite();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const suggestions = useSuggestions(locale.id);
  const listId = useId();
  const onSearch = pathname === route('search');
  const optionId = (i: number) => `${listId}-${i}`;

  const follow = (item: SuggestionItem) => {
    suggestions.close();
    navigate(item.url);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      suggestions.move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && suggestions.open && suggestions.active >= 0) {
      const item = suggestions.items[suggestions.active];
      if (item) {
        event.preventDefault();
        follow(item);
      }
    } else if (event.key === 'Escape' && suggestions.open) {
      event.preventDefault();
      suggestions.close();
    }
  };

  return (
    <form
      role="search"
      method="get"
      action={route('search')}
      className="site-search"
      aria-label={t('masthead.searchLabel')}
      onSubmit={suggestions.close}
    >
      <div className="site-search-box">
        <input
          type="search"
          name="search"
          maxLength={MAX_SEARCH_LENGTH}
          defaultValue={onSearch ? (params.get('search') ?? '') : ''}
          key={onSearch ? params.get('search') : 'site'}
          placeholder={t('masthead.searchPlaceholder')}
          aria-label={t('masthead.searchLabel')}
          enterKeyHint="search"
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={suggestions.open}
          aria-controls={listId}
          aria-activedescendant={suggestions.open && suggestions.active >= 0 ? optionId(suggestions.active) : undefined}
          onChange={(event) => suggestions.typed(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={suggestions.close}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={t('masthead.suggestions')}
          className="suggestions"
          hidden={!suggestions.open}
          // Keeps the focus in the input, so a click on an option is not a blur that closes the list first.
          onMouseDown={(event) => event.preventDefault()}
        >
          {suggestions.open
            ? suggestions.items.map((item, i) => (
                <li
                  key={`${item.kind}|${item.url}`}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === suggestions.active}
                  className={`suggestion suggestion-${item.kind}`}
                  onClick={() => follow(item)}
                >
                  <span className="suggestion-text">{item.text}</span>
                  <span className="suggestion-kind muted">{t(`masthead.suggestionKinds.${item.kind}`)}</span>
                </li>
              ))
            : null}
        </ul>
      </div>
      <button type="submit">{t('nav.search')}</button>
    </form>
  );
}
