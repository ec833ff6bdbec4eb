/**
 * Stripe's documented test cards (docs.stripe.com/testing), as the local provider honours them.
 * Only the behaviour and the display fields are kept: the number itself is never stored or logged.
 */
export type CardBehaviour =
  /** Setup and every payment succeed. */
  | 'succeeds'
  /** 3-D Secure is required on setup and on every payment (4000 0027 6000 3184). */
  | 'always_authenticate'
  /** 3-D Secure on setup; later off-session payments succeed (4000 0025 0000 3155). */
  | 'authenticate_on_setup'
  /** Declined at once, at setup already (4000 0000 0000 0002 and the decline-code cards). */
  | 'declined'
  /** Attaching succeeds; every charge is declined (4000 0000 0000 0341). */
  | 'charge_declined';

export interface TestCard {
  readonly behaviour: CardBehaviour;
  readonly brand: string;
  readonly country: string;
  /** For declines: Stripe's error and decline codes and message. */
  readonly error?: { readonly code: string; readonly declineCode: string; readonly message: string };
}

const DECLINED = { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' };

const CARDS: Readonly<Record<string, TestCard>> = {
  '4242424242424242': { behaviour: 'succeeds', brand: 'visa', country: 'US' },
  '5555555555554444': { behaviour: 'succeeds', brand: 'mastercard', country: 'US' },
  '4000007560000009': { behaviour: 'succeeds', brand: 'visa', country: 'CH' },
  '4000002760003184': { behaviour: 'always_authenticate', brand: 'visa', country: 'DE' },
  '4000002500003155': { behaviour: 'authenticate_on_setup', brand: 'visa', country: 'IE' },
  '4000000000000002': { behaviour: 'declined', brand: 'visa', country: 'US', error: DECLINED },
  '4000000000009995': {
    behaviour: 'declined',
    brand: 'visa',
    country: 'US',
    error: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  '4000000000000069': {
    behaviour: 'declined',
    brand: 'visa',
    country: 'US',
    error: { code: 'expired_card', declineCode: '', message: 'Your card has expired.' },
  },
  '4000000000000127': {
    behaviour: 'declined',
    brand: 'visa',
    country: 'US',
    error: { code: 'incorrect_cvc', declineCode: '', message: "Your card's security code is incorrect." },
  },
  '4000000000000341': { behaviour: 'charge_declined', brand: 'visa', country: 'US', error: DECLINED },
};

/** What a number typed on the local card page does. Unknown valid numbers are declined, as in Stripe's test mode. */
export function testCard(number: string): TestCard | { readonly invalid: string } {
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return { invalid: 'Your card number is incorrect.' };
  return (
    CARDS[digits] ?? {
      behaviour: 'declined',
      brand: digits.startsWith('4') ? 'visa' : digits.startsWith('5') ? 'mastercard' : 'unknown',
      country: '',
      error: {
        code: 'card_declined',
        declineCode: 'test_mode_live_card',
        message: 'Your card was declined. Your request was in test mode, but used a non test card.',
      },
    }
  );
}

/** The last four digits, the only part of the number the provider keeps. */
export function lastFour(number: string): string {
  return number.replace(/[\s-]/g, '').slice(-4);
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
