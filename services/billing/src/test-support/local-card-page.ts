/**
 * A browser on the local payment provider's pages, as plain HTTP (tests): the card page and the
 * 3-D Secure page. Each answers where the browser is sent next.
 */

/** Posts a card on the card page; answers the return URL, or the 3-D Secure page. */
export async function enterCard(cardPageUrl: string, number: string): Promise<URL> {
  const page = await fetch(cardPageUrl);
  const html = await page.text();
  const action = new URL(/<form method="post" action="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&'), cardPageUrl);
  const query = new URL(cardPageUrl).searchParams;
  const form = new URLSearchParams({
    client_secret: query.get('client_secret') ?? '',
    return_url: query.get('return_url') ?? '',
    number,
    exp_month: '12',
    exp_year: '34',
    cvc: '123',
  });
  const response = await fetch(action, { method: 'POST', body: form, redirect: 'manual' });
  if (response.status !== 303) throw new Error(`card page answered ${response.status}: ${await response.text()}`);
  return new URL(response.headers.get('location')!);
}

/** Completes (or fails) the 3-D Secure page; answers where the browser is sent back. */
export async function authenticate(pageUrl: string, approve: boolean): Promise<URL> {
  const page = await fetch(pageUrl);
  if (!page.ok) throw new Error(`3-D Secure page answered ${page.status}`);
  const secret = new URL(pageUrl).searchParams.get('client_secret') ?? '';
  const response = await fetch(new URL(new URL(pageUrl).pathname, pageUrl), {
    method: 'POST',
    body: new URLSearchParams({ client_secret: secret, answer: approve ? 'complete' : 'fail' }),
    redirect: 'manual',
  });
  return new URL(response.headers.get('location')!);
}

/** The setup intent id a card page's way back carries, through 3-D Secure when the card asks for it. */
export async function setupIntentOfCard(cardPageUrl: string, number: string): Promise<string> {
  let back = await enterCard(cardPageUrl, number);
  if (back.pathname.startsWith('/local-provider/authenticate/')) back = await authenticate(back.toString(), true);
  return back.searchParams.get('setup_intent') ?? '';
}
