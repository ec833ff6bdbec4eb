import { translator } from '../../i18n/languages';
import { feedFailureLabel } from './feed-failure-label';

describe('a failed feed fetch’s reason in the panel', () => {
  it('names a known reason in the page’s language, with the HTTP status', () => {
    expect(feedFailureLabel(translator('en'), 'not_found', 404)).toBe('Not found (404)');
    expect(feedFailureLabel(translator('de'), 'not_found', 404)).toBe('Nicht gefunden (404)');
  });

  it('reads a reason it does not know, or none, as "other" instead of a message key', () => {
    const other = feedFailureLabel(translator('en'), 'other', 0);
    expect(feedFailureLabel(translator('en'), 'tls_handshake', 0)).toBe(other);
    expect(feedFailureLabel(translator('en'), '', 0)).toBe(other);
    expect(other).not.toContain('failingFeeds');
  });
});
