// Accessories name the device they fit: "case for asus transformer tf101", "Hülle für iPhone 12",
// "toner compatible with hp q2612a". A code in that scope is the device's, not the accessory's:
// two cases for one tablet share it, and so do a case and the tablet itself.
import type { TitleToken } from './title-token.js';

/** Words that open the scope of the device an accessory fits (already in English: "für",
 *  "pour", "para" read as "for"). */
const SCOPE_WORDS = new Set(['for', 'fits', 'compatible']);

/** Tokens after a scope word that still name the device ("for asus eee pad transformer tf101"). */
const SCOPE_LENGTH = 5;

/** Codes shortly after a scope word count as pieces of the title's text, not as its model
 *  codes: they may still find the other title's code, but two titles that share only them are
 *  not linked by it. A code that ends the title is the accessory's own, as shops put it last
 *  ("case for 13' macbook mb13blkseev2"). */
export function markFittedCodes(tokens: readonly TitleToken[]): TitleToken[] {
  let scopeLeft = 0;
  return tokens.map((token, index) => {
    if (token.kind === 'word' && SCOPE_WORDS.has(token.text)) {
      scopeLeft = SCOPE_LENGTH;
      return token;
    }
    const fitted = scopeLeft > 0 && token.kind === 'code' && index < tokens.length - 1;
    scopeLeft -= 1;
    return fitted ? { ...token, isCodePart: true, fitsDevice: true } : token;
  });
}

/** Whether a title names an accessory for a device: an accessory word before a scope word
 *  ("leather case for asus tf101", "Hülle für iPhone 12"). */
export function namesAccessoryFor(tokens: readonly TitleToken[]): boolean {
  const scopeAt = tokens.findIndex((token) => token.kind === 'word' && SCOPE_WORDS.has(token.text));
  return scopeAt > 0 && tokens.slice(0, scopeAt).some((token) => token.group === 'accessory');
}
