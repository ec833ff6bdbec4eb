import type { FormMessage } from '~/auth/page-forms';

type Notice = { done?: FormMessage; error?: FormMessage };

/** What a redirect back to the dashboard says (a query word → its spec §8 text). */
const DASHBOARD: Readonly<Record<string, Readonly<Record<string, Notice>>>> = {
  welcome: { '1': { done: { key: 'business.welcome' } } },
  deleted: { '1': { done: { key: 'business.deleteShop.done' } } },
  card: {
    updated: { done: { key: 'business.payment.cardUpdated' } },
    declined: { error: { key: 'business.payment.paymentDeclined' } },
    error: { error: { key: 'business.payment.cardError' } },
    processing: { done: { key: 'business.payment.processing' } },
  },
  payment: {
    started: { done: { key: 'business.payment.subscriptionStarted' } },
    updated: { done: { key: 'business.payment.cardUpdated' } },
    declined: { error: { key: 'business.payment.paymentDeclined' } },
    error: { error: { key: 'business.payment.cardError' } },
    processing: { done: { key: 'business.payment.processing' } },
  },
};

/** The notice a redirect to the dashboard brings (`?card=updated`, `?registered=Name`, …). */
export function dashboardNotice(url: URL): Notice {
  const registered = url.searchParams.get('registered');
  if (registered) return { done: { key: 'business.register.done', values: { name: registered.slice(0, 120) } } };
  for (const [name, values] of Object.entries(DASHBOARD)) {
    const notice = values[url.searchParams.get(name) ?? ''];
    if (notice) return notice;
  }
  return {};
}
