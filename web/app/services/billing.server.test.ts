import { PaymentStatus } from '@pc/proto/billing/v1/types';
import { cardView, paymentView } from './billing.server';

jest.mock('~/config.server', () => ({ config: { SERVICE_DEADLINE_MS: 1000 }, serviceAddress: () => '127.0.0.1:1' }));

const outcome = (status: PaymentStatus, extra: { nextActionUrl?: string; message?: string } = {}) => ({
  status,
  clientSecret: '',
  intentId: 'pi_1',
  declineCode: '',
  message: extra.message ?? '',
  nextActionUrl: extra.nextActionUrl ?? '',
});

describe('billing gateway view models', () => {
  it('maps payment outcomes to the spec §8 texts and sends 3-D Secure on', () => {
    expect(paymentView(outcome(PaymentStatus.PAYMENT_STATUS_SUCCEEDED), 'cardUpdated').message).toBe('cardUpdated');
    expect(paymentView(outcome(PaymentStatus.PAYMENT_STATUS_SUCCEEDED), 'subscriptionStarted').message).toBe(
      'subscriptionStarted',
    );
    expect(
      paymentView(
        outcome(PaymentStatus.PAYMENT_STATUS_REQUIRES_ACTION, { nextActionUrl: 'https://bank.example/3ds' }),
        'cardUpdated',
      ),
    ).toMatchObject({ message: 'needs3ds', redirectTo: 'https://bank.example/3ds' });
    expect(
      paymentView(
        outcome(PaymentStatus.PAYMENT_STATUS_DECLINED, { message: 'Your card was declined.' }),
        'cardUpdated',
      ),
    ).toMatchObject({ message: 'paymentDeclined', detail: 'Your card was declined.' });
    expect(paymentView(outcome(PaymentStatus.PAYMENT_STATUS_CARD_ERROR), 'cardUpdated').message).toBe('cardError');
    expect(paymentView(undefined, 'cardUpdated').message).toBe('cardError');
  });

  it('shows a card by brand, last four digits and expiry', () => {
    expect(cardView({ id: 'pm_1', brand: 'visa', last4: '4242', expMonth: 3, expYear: 2031, country: 'CH' })).toEqual({
      brand: 'visa',
      last4: '4242',
      expires: '03/2031',
    });
    expect(cardView(undefined)).toBeNull();
  });
});
