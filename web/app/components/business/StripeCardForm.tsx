// The pure entry: Stripe.js is loaded when a card form is shown, not with every page of the site.
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSite } from '~/site/use-site';

/**
 * The card form where billing runs on Stripe: Stripe Elements (loaded from Stripe, as Stripe
 * requires) in the page, confirmed with the SetupIntent's client secret; Stripe then sends the
 * browser to `returnUrl` with the SetupIntent, where the card becomes the card on file. The card
 * number goes from the browser to Stripe only. (The local provider has its own page instead.)
 */
export function StripeCardForm({
  clientSecret,
  publishableKey,
  returnUrl,
}: {
  clientSecret: string;
  publishableKey: string;
  returnUrl: string;
}) {
  const { t } = useSite();
  const mount = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let cancelled = false;
    void loadStripe(publishableKey).then((loaded) => {
      if (!loaded || cancelled || !mount.current) return;
      const elements = loaded.elements({ clientSecret });
      elements.create('payment').mount(mount.current);
      setStripe({ stripe: loaded, elements });
    });
    return () => {
      cancelled = true;
    };
  }, [clientSecret, publishableKey]);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe) return;
    const result = await stripe.stripe.confirmSetup({
      elements: stripe.elements,
      confirmParams: { return_url: returnUrl },
    });
    if (result.error) setError(result.error.message ?? t('business.payment.cardError'));
  };
  return (
    <form className="form" onSubmit={(event) => void submit(event)}>
      <p className="muted">{t('business.card.elements')}</p>
      <noscript>
        <p className="notice">{t('business.card.needsScript')}</p>
      </noscript>
      <div ref={mount} />
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="primary" disabled={!stripe}>
        {t('business.card.save')}
      </button>
    </form>
  );
}
