import { isMessageKey, type Translate } from '../../i18n/languages';

/**
 * A failed feed fetch's reason as staff read it: offers' reason code (ADR 128) in words, the HTTP
 * status after it ("Not found (404)"); a code the panel does not know yet reads as "other".
 */
export function feedFailureLabel(t: Translate, reason: string, httpStatus: number): string {
  const key = `failingFeeds.reasons.${reason}`;
  const words = t(isMessageKey(key) ? key : 'failingFeeds.reasons.other');
  return httpStatus ? `${words} (${httpStatus})` : words;
}
